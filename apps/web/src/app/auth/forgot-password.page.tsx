import { MailOutlined } from '@ant-design/icons';
import { passwordResetEndpoints } from '@fleetdesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, call } from '../../shared/http.ts';
import { translateValidationMessage } from '../../shared/ui/form-errors.ts';
import { useDocumentTitle } from '../layout/document-title.ts';
import { AuthCard } from './auth-card.tsx';

/** /auth/forgot-password: asks for a reset link; the answer never says whether the e-mail has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('forgot.title'));
  const send = useMutation({
    mutationFn: (email: string) => call(passwordResetEndpoints.request, { body: { email } }, { notify: false }),
  });
  const failure = send.error instanceof ApiError ? translateValidationMessage(send.error.message) : null;

  return (
    <AuthCard title={t('forgot.title')}>
      {send.isSuccess ? (
        <Result
          status="success"
          title={t('forgot.sentTitle')}
          subTitle={t('forgot.sent')}
          extra={<Link to="/auth/login">{t('auth.backToLogin')}</Link>}
        />
      ) : (
        <Form<{ email: string }>
          name="forgot-password"
          layout="vertical"
          onFinish={({ email }) => send.mutate(email.trim())}
        >
          <Form.Item
            name="email"
            label={t('forgot.email')}
            extra={t('forgot.hint')}
            rules={[
              { required: true, message: t('forgot.emailRequired') },
              { type: 'email', message: t('forgot.emailInvalid') },
            ]}
          >
            <Input prefix={<MailOutlined />} autoComplete="email" type="email" autoFocus />
          </Form.Item>
          {failure && <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" block loading={send.isPending}>
            {t('forgot.submit')}
          </Button>
          <div style={{ marginTop: 16, textAlign: 'center' }}>
            <Link to="/auth/login">{t('auth.backToLogin')}</Link>
          </div>
        </Form>
      )}
    </AuthCard>
  );
}
