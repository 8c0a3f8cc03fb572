import { accessRequestEndpoints } from '@fleetdesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, call } from '../../shared/http.ts';
import { translateValidationMessage } from '../../shared/ui/form-errors.ts';
import { useDocumentTitle } from '../layout/document-title.ts';
import { AuthCard } from './auth-card.tsx';

interface Values {
  name: string;
  email: string;
  partnerName: string;
  message?: string;
}

/** /auth/register: "request access" — the account's team approves it (an e-mail follows) or declines it. */
export default function RegisterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('register.title'));
  const send = useMutation({
    mutationFn: (body: Values) => call(accessRequestEndpoints.create, { body }, { notify: false }),
  });
  const failure = send.error instanceof ApiError ? translateValidationMessage(send.error.message) : null;
  const trimmed = (v: Values): Values => ({
    name: v.name.trim(),
    email: v.email.trim(),
    partnerName: v.partnerName.trim(),
    ...(v.message?.trim() ? { message: v.message.trim() } : {}),
  });
  const required = (message: string) => ({ required: true, whitespace: true, message });

  return (
    <AuthCard title={t('register.title')}>
      {send.isSuccess ? (
        <Result
          status="success"
          title={t('register.sentTitle')}
          subTitle={t('register.sent')}
          extra={<Link to="/auth/login">{t('auth.backToLogin')}</Link>}
        />
      ) : (
        <Form<Values> name="register" layout="vertical" onFinish={(values) => send.mutate(trimmed(values))}>
          <Form.Item name="name" label={t('register.name')} rules={[required(t('register.nameRequired'))]}>
            <Input autoComplete="name" maxLength={100} autoFocus />
          </Form.Item>
          <Form.Item
            name="email"
            label={t('register.email')}
            rules={[
              { required: true, message: t('forgot.emailRequired') },
              { type: 'email', message: t('forgot.emailInvalid') },
            ]}
          >
            <Input type="email" autoComplete="email" maxLength={254} />
          </Form.Item>
          <Form.Item
            name="partnerName"
            label={t('register.partnerName')}
            extra={t('register.partnerNameHint')}
            rules={[required(t('register.partnerNameRequired'))]}
          >
            <Input autoComplete="organization" maxLength={100} />
          </Form.Item>
          <Form.Item name="message" label={t('register.message')}>
            <Input.TextArea rows={3} maxLength={1000} showCount />
          </Form.Item>
          {failure && <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" block loading={send.isPending}>
            {t('register.submit')}
          </Button>
          <div style={{ marginTop: 16, textAlign: 'center' }}>
            <Link to="/auth/login">{t('auth.backToLogin')}</Link>
          </div>
        </Form>
      )}
    </AuthCard>
  );
}
