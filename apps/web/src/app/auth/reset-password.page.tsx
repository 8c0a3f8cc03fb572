import { LockOutlined } from '@ant-design/icons';
import { MIN_PASSWORD_LENGTH, passwordResetEndpoints } from '@fleetdesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiError, call } from '../../shared/http.ts';
import { translateValidationMessage } from '../../shared/ui/form-errors.ts';
import { useDocumentTitle } from '../layout/document-title.ts';
import { AuthCard } from './auth-card.tsx';

interface Values {
  password: string;
  confirm: string;
}

/**
 * /auth/reset-password?token= (forgot password) and /auth/set-password?token= (an approved access request's
 * invitation): the same form, worded for each. The server tells an unknown, used or expired link apart from none.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const invite = useLocation().pathname.endsWith('/set-password');
  const words = invite ? 'setPassword' : 'reset';
  useDocumentTitle(t(`${words}.title`));
  const token = search.get('token') ?? '';
  const save = useMutation({
    mutationFn: (password: string) =>
      call(passwordResetEndpoints.reset, { body: { token, password } }, { notify: false }),
  });
  const error = save.error instanceof ApiError ? save.error : null;

  if (!token || error?.code === 'InvalidToken') {
    return (
      <AuthCard title={t(`${words}.title`)}>
        <Result
          status="warning"
          title={t('reset.invalidLink')}
          subTitle={t('reset.invalidLinkHint')}
          extra={
            <Link to="/auth/forgot-password">
              <Button type="primary">{t('reset.askAgain')}</Button>
            </Link>
          }
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t(`${words}.title`)}>
      {save.isSuccess ? (
        <Result
          status="success"
          title={t(`${words}.done`)}
          subTitle={t('reset.signInNow')}
          extra={
            <Link to="/auth/login">
              <Button type="primary">{t('login.submit')}</Button>
            </Link>
          }
        />
      ) : (
        <Form<Values> name="reset-password" layout="vertical" onFinish={({ password }) => save.mutate(password)}>
          <Form.Item
            name="password"
            label={t('reset.password')}
            extra={t('reset.passwordHint', { count: MIN_PASSWORD_LENGTH })}
            rules={[
              { required: true, message: t('login.passwordRequired') },
              { min: MIN_PASSWORD_LENGTH, message: t('reset.passwordTooShort', { count: MIN_PASSWORD_LENGTH }) },
              { max: 256 },
            ]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('reset.confirm')}
            dependencies={['password']}
            rules={[
              { required: true, message: t('reset.confirmRequired') },
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || value === getFieldValue('password')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('reset.mismatch'))),
              }),
            ]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
          {error && (
            <Alert
              type="error"
              showIcon
              title={translateValidationMessage(error.message)}
              role="alert"
              style={{ marginBottom: 16 }}
            />
          )}
          <Button type="primary" htmlType="submit" block loading={save.isPending}>
            {t(`${words}.submit`)}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
