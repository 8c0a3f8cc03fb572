import { LinkOutlined } from '@ant-design/icons';
import type { ContactChangeBody, ContactChangeConfirmBody, Profile } from '@fleetdesk/contracts';
import { Alert, App, Button, Card, Descriptions, Flex, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { ApiError } from '../../../shared/http.ts';
import { useOidcConfig } from '../../../shared/oidc-config.ts';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import {
  useConfirmContactChange,
  useIdentities,
  useLinkIdentity,
  useRequestContactChange,
  useUnlinkIdentity,
} from '../binding-api.ts';

type Channel = 'email' | 'phone';
const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * Binding (document 1 §2.5): the sign-in e-mail and phone, changed with a code sent to the new address or
 * number, and the third-party sign-in, linked or unlinked. Coming back from the provider, the page reads
 * `?oidc=linked` or `?oidcError=<code>` once and clears it.
 */
export function AccountBinding({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const { message, modal } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const [changing, setChanging] = useState<Channel | null>(null);
  const oidc = useOidcConfig();
  const enabled = oidc.data?.enabled === true;
  const identities = useIdentities();
  const link = useLinkIdentity();
  const unlink = useUnlinkIdentity();
  const providerName = oidc.data?.name ?? t('binding.defaultName');
  const none = <Typography.Text type="secondary">{t('security.notSet')}</Typography.Text>;

  const linkedNow = search.get('oidc') === 'linked';
  const linkError = search.get('oidcError');
  // The refusal (?oidcError) stays on screen (below) until the page is left; a success is told once and cleared.
  useEffect(() => {
    if (!linkedNow) return;
    void message.success(t('binding.linkedOk'));
    const next = new URLSearchParams(search);
    next.delete('oidc');
    setSearch(next, { replace: true });
  }, [linkedNow, search, setSearch, message, t]);

  const confirmUnlink = (id: string) =>
    modal.confirm({
      title: t('binding.unlinkTitle', { name: providerName }),
      content: t('binding.unlinkContent', { name: providerName }),
      okText: t('binding.unlink'),
      okButtonProps: { danger: true },
      onOk: () => unlink.mutateAsync(id).then(() => void message.success(t('binding.unlinked'))),
    });

  const changeButton = (channel: Channel) => (
    <Button size="small" onClick={() => setChanging(channel)} data-testid={`binding-change-${channel}`}>
      {t('binding.change')}
    </Button>
  );

  const linked = identities.data ?? [];
  return (
    <Card title={t('section.binding')} data-testid="account-binding">
      {linkError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={tc(`login.oidcError.${linkError}`, { defaultValue: tc('login.oidcError.OidcFailed') })}
        />
      )}
      <Descriptions
        column={1}
        items={[
          {
            key: 'email',
            label: t('binding.email'),
            children: (
              <Space wrap>
                <span data-testid="binding-email">{profile.email ?? none}</span>
                {changeButton('email')}
              </Space>
            ),
          },
          {
            key: 'phone',
            label: t('binding.phone'),
            children: (
              <Space wrap>
                <span data-testid="binding-phone">{profile.phoneNo ?? none}</span>
                {changeButton('phone')}
              </Space>
            ),
          },
          ...(enabled
            ? [
                {
                  key: 'oidc',
                  label: t('binding.thirdParty', { name: providerName }),
                  children: (
                    <Flex vertical gap={8} data-testid="binding-oidc">
                      {linked.map((identity) => (
                        <Space key={identity.id} wrap>
                          <Tag color="green">{t('binding.linked')}</Tag>
                          <span>{identity.email ?? identity.issuer}</span>
                          <Typography.Text type="secondary">
                            {t('binding.linkedSince', { date: formatDateTime(identity.createdAt) })}
                          </Typography.Text>
                          <Button size="small" danger onClick={() => confirmUnlink(identity.id)}>
                            {t('binding.unlink')}
                          </Button>
                        </Space>
                      ))}
                      {linked.length === 0 && (
                        <Space wrap>
                          <Tag>{t('binding.notLinked')}</Tag>
                          <Button
                            size="small"
                            icon={<LinkOutlined />}
                            loading={link.isPending || link.isSuccess}
                            onClick={() => link.mutate()}
                          >
                            {t('binding.link', { name: providerName })}
                          </Button>
                        </Space>
                      )}
                    </Flex>
                  ),
                },
              ]
            : []),
        ]}
      />
      {changing && (
        <ContactChangeDialog
          channel={changing}
          onClose={(changed) => {
            setChanging(null);
            if (changed) void message.success(t(changed === 'email' ? 'binding.emailChanged' : 'binding.phoneChanged'));
          }}
        />
      )}
    </Card>
  );
}

interface ChangeValues {
  value: string;
  password: string;
  code: string;
}

/** New value and current password → a code to the new address or number (countdown) → the code confirms. */
function ContactChangeDialog({ channel, onClose }: { channel: Channel; onClose: (changed: Channel | null) => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<ChangeValues>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const request = useRequestContactChange();
  const confirm = useConfirmContactChange();

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  /** A refusal lands on the field it concerns when the server names one, else above the form. */
  const show = (error: unknown, fallbackField: keyof ChangeValues | null) => {
    if (!(error instanceof ApiError)) return setFailure(String(error));
    const text = translateValidationMessage(error.message);
    const data = error.data as { fields?: Record<string, string>; field?: string } | null;
    const field = Object.keys(data?.fields ?? {})[0] ?? data?.field ?? fallbackField;
    if (field === 'value' || field === 'password' || field === 'code') {
      setFailure(null);
      form.setFields([{ name: field, errors: [text] }]);
    } else {
      setFailure(text);
    }
  };

  const sendCode = async () => {
    try {
      const { value, password } = await form.validateFields(['value', 'password']);
      const trimmed = value.trim();
      const body: ContactChangeBody = { channel, value: trimmed, password };
      const sent = await request.mutateAsync(body);
      setFailure(null);
      setSentTo(trimmed);
      setSecondsLeft(sent.resendAfterSeconds);
    } catch (error) {
      // Form validation errors are already shown by the fields.
      if (error instanceof ApiError) {
        show(error, null);
        const retry = (error.data as { retryAfterSeconds?: number } | null)?.retryAfterSeconds;
        if (error.status === 429 && retry && retry <= 60) setSecondsLeft(retry);
      }
    }
  };

  const submit = async ({ code }: ChangeValues) => {
    if (!sentTo) return;
    try {
      const body: ContactChangeConfirmBody = { channel, value: sentTo, code: code.trim() };
      await confirm.mutateAsync(body);
      onClose(channel);
    } catch (error) {
      show(error, 'code');
    }
  };

  const isEmail = channel === 'email';
  return (
    <Modal
      open
      title={t(isEmail ? 'binding.dialog.emailTitle' : 'binding.dialog.phoneTitle')}
      okText={t('binding.dialog.confirm')}
      okButtonProps={{ disabled: !sentTo, loading: confirm.isPending, htmlType: 'submit', form: 'contact-change' }}
      onCancel={() => onClose(null)}
      destroyOnHidden
    >
      <Form<ChangeValues> form={form} name="contact-change" layout="vertical" onFinish={submit}>
        <Form.Item
          name="value"
          label={t(isEmail ? 'binding.dialog.newEmail' : 'binding.dialog.newPhone')}
          extra={isEmail ? undefined : t('binding.dialog.phoneHint')}
          rules={[
            { required: true, whitespace: true, message: t('binding.dialog.valueRequired') },
            isEmail
              ? { type: 'email', message: t('binding.dialog.emailInvalid') }
              : { pattern: E164, message: t('binding.dialog.phoneInvalid') },
          ]}
        >
          <Input
            type={isEmail ? 'email' : 'tel'}
            autoComplete={isEmail ? 'email' : 'tel'}
            placeholder={isEmail ? 'name@example.com' : '+393331234567'}
            disabled={sentTo !== null && secondsLeft > 0}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('binding.dialog.password')}
          extra={t('binding.dialog.passwordHint')}
          rules={[{ required: true, message: t('binding.dialog.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label={t('binding.dialog.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="code"
              noStyle
              rules={[{ required: sentTo !== null, pattern: /^\d{6}$/, message: t('binding.dialog.codeRequired') }]}
            >
              <Input
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={6}
                aria-label={t('binding.dialog.code')}
                disabled={!sentTo}
              />
            </Form.Item>
            <Button onClick={sendCode} loading={request.isPending} disabled={secondsLeft > 0}>
              {secondsLeft > 0
                ? t('binding.dialog.resendIn', { count: secondsLeft })
                : t(sentTo ? 'binding.dialog.resend' : 'binding.dialog.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        {sentTo && !failure && (
          <Alert
            type="success"
            showIcon
            title={t(isEmail ? 'binding.dialog.sentEmail' : 'binding.dialog.sentPhone', { value: sentTo })}
          />
        )}
        {failure && <Alert type="error" showIcon role="alert" title={failure} />}
      </Form>
    </Modal>
  );
}
