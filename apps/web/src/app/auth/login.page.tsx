import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { authEndpoints, type LoginBody } from '@fleetdesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Space, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, call } from '../../shared/http.ts';
import { getDeviceToken, setDeviceToken } from '../../shared/session.ts';
import { translateValidationMessage } from '../../shared/ui/form-errors.ts';
import { LocaleSwitcher } from '../../shared/ui/locale-switcher.tsx';
import { useDocumentTitle } from '../layout/document-title.ts';
import { prefetchShell } from '../router.tsx';
import { useFinishSignIn } from './finish-sign-in.ts';
import { passwordLogin } from './login-body.ts';
import { OidcRefusal, OidcSignIn } from './oidc-sign-in.tsx';
import { safeRedirect } from './redirect.ts';

/** E.164 as the contracts define it (+ country code, 7 to 15 digits). */
const E164 = /^\+[1-9]\d{6,14}$/;

interface EmailValues {
  /** An e-mail or a username: staff created without an e-mail sign in with their username. */
  login: string;
  password: string;
  rememberMe: boolean;
}
interface PhoneValues {
  phoneNo: string;
  verificationCode: string;
  rememberMe: boolean;
}

/** /auth/login: Email and Phone tabs; the server's refusal is shown inline, not as a notification. */
export default function LoginPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const finishSignIn = useFinishSignIn();
  const [tab, setTab] = useState<'email' | 'phone'>('email');
  useDocumentTitle(t('login.title'));

  const login = useMutation({
    mutationFn: (body: LoginBody) => {
      // The console's routes download while the password is checked, not after.
      prefetchShell();
      const deviceToken = getDeviceToken();
      return call(authEndpoints.login, { body: deviceToken ? { ...body, deviceToken } : body }, { notify: false });
    },
    onSuccess: ({ data }) => {
      setDeviceToken(data.deviceToken);
      finishSignIn(data.token, search.get('redirect'));
    },
  });

  const failure = login.error instanceof ApiError ? translateValidationMessage(login.error.message) : null;

  return (
    <Flex vertical align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Flex justify="flex-end" style={{ position: 'fixed', top: 12, right: 16 }}>
        <LocaleSwitcher />
      </Flex>
      <Card style={{ width: '100%', maxWidth: 400 }}>
        <Flex vertical align="center" gap={8} style={{ marginBottom: 8 }}>
          <img src={`${import.meta.env.BASE_URL}logo.svg`} alt="" width={48} height={48} />
          <Typography.Title level={3} style={{ margin: 0 }}>
            Fleetdesk
          </Typography.Title>
          <Typography.Text type="secondary">{t('login.subtitle')}</Typography.Text>
        </Flex>
        <OidcRefusal code={search.get('error')} />
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setTab(key === 'phone' ? 'phone' : 'email');
            login.reset();
          }}
          centered
          items={[
            {
              key: 'email',
              label: t('login.tabEmail'),
              children: <EmailForm onSubmit={(body) => login.mutate(body)} submitting={login.isPending} />,
            },
            {
              key: 'phone',
              label: t('login.tabPhone'),
              children: <PhoneForm onSubmit={(body) => login.mutate(body)} submitting={login.isPending} />,
            },
          ]}
        />
        {failure && <Alert type="error" showIcon title={failure} role="alert" />}
        <OidcSignIn redirect={safeRedirect(search.get('redirect'))} />
        <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
          <Link to="/auth/forgot-password">{t('login.forgotPassword')}</Link>
          <Link to="/auth/register">{t('login.register')}</Link>
        </Flex>
      </Card>
    </Flex>
  );
}

function EmailForm({ onSubmit, submitting }: { onSubmit: (body: LoginBody) => void; submitting: boolean }) {
  const { t } = useTranslation();
  return (
    <Form<EmailValues>
      name="email-login"
      layout="vertical"
      initialValues={{ rememberMe: false }}
      onFinish={({ login, password, rememberMe }) => onSubmit(passwordLogin(login, password, rememberMe))}
    >
      <Form.Item
        name="login"
        label={t('login.account')}
        rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.password')}
        rules={[{ required: true, message: t('login.passwordRequired') }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="rememberMe" valuePropName="checked" extra={t('login.rememberMeHint')}>
        <Checkbox>{t('login.rememberMe')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}

function PhoneForm({ onSubmit, submitting }: { onSubmit: (body: LoginBody) => void; submitting: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PhoneValues>();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sendError, setSendError] = useState<string | null>(null);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const sendCode = useMutation({
    mutationFn: (phoneNo: string) => call(authEndpoints.sendVerificationCode, { body: { phoneNo } }, { notify: false }),
    onSuccess: ({ data }) => {
      setSendError(null);
      // The server owns the countdown (it refuses earlier requests with 429).
      setSecondsLeft(data.resendAfterSeconds);
    },
    onError: (error) => setSendError(error.message),
  });

  const requestCode = async () => {
    try {
      const { phoneNo } = await form.validateFields(['phoneNo']);
      sendCode.mutate(phoneNo.trim());
    } catch {
      // The phone field shows why.
    }
  };

  return (
    <Form<PhoneValues>
      form={form}
      name="phone-login"
      layout="vertical"
      initialValues={{ rememberMe: false }}
      onFinish={({ phoneNo, verificationCode, rememberMe }) =>
        onSubmit({ phoneNo: phoneNo.trim(), verificationCode: verificationCode.trim(), rememberMe })
      }
    >
      <Form.Item
        name="phoneNo"
        label={t('login.phone')}
        extra={t('login.phoneHint')}
        rules={[
          { required: true, message: t('login.phoneRequired') },
          { pattern: E164, message: t('login.phoneInvalid') },
        ]}
      >
        <Input prefix={<MobileOutlined />} autoComplete="tel" type="tel" placeholder="+393331234567" />
      </Form.Item>
      <Form.Item label={t('login.code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="verificationCode"
            noStyle
            rules={[{ required: true, pattern: /^\d{6}$/, message: t('login.codeRequired') }]}
          >
            {/* noStyle inside a labelled item: the label does not reach the input, so name it here. */}
            <Input
              prefix={<SafetyOutlined />}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              aria-label={t('login.code')}
            />
          </Form.Item>
          <Button onClick={requestCode} loading={sendCode.isPending} disabled={secondsLeft > 0}>
            {secondsLeft > 0 ? t('login.resendIn', { count: secondsLeft }) : t('login.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      {sendCode.isSuccess && secondsLeft > 0 && (
        <Alert type="success" showIcon title={t('login.codeSent')} style={{ marginBottom: 16 }} />
      )}
      {sendError && <Alert type="error" showIcon title={sendError} style={{ marginBottom: 16 }} />}
      <Form.Item name="rememberMe" valuePropName="checked" extra={t('login.rememberMeHint')}>
        <Checkbox>{t('login.rememberMe')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
