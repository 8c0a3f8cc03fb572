import { CopyOutlined, KeyOutlined } from '@ant-design/icons';
import { App, Button, Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton, type ConfirmButtonProps } from './confirm-button.tsx';

/**
 * Reset password (staff and customers): confirm, then show the one-time password once, with a copy button. The
 * password lives only in this component's state and is dropped when the dialog closes. Texts come from the
 * feature's namespace under `resetPassword.*` and `action.resetPassword`.
 */
export function ResetPasswordButton({
  ns,
  name,
  email,
  reset,
  ...button
}: {
  ns: string;
  /** Who gets the new password, as the dialogs name them. */
  name: string;
  /** Where the server mails the password, if anywhere. */
  email: string | null | undefined;
  reset: () => Promise<string>;
} & Partial<Pick<ConfirmButtonProps, 'size' | 'type' | 'mode' | 'aria-label' | 'data-testid'>>) {
  const { t } = useTranslation(ns);
  const { message } = App.useApp();
  const [oneTimePassword, setOneTimePassword] = useState<string | null>(null);

  const copy = async () => {
    if (!oneTimePassword) return;
    try {
      await navigator.clipboard.writeText(oneTimePassword);
      void message.success(t('resetPassword.copied'));
    } catch {
      void message.error(t('resetPassword.copyFailed'));
    }
  };

  return (
    <>
      <ConfirmButton
        {...button}
        icon={<KeyOutlined />}
        title={t('resetPassword.confirm', { name })}
        description={t('resetPassword.description')}
        okText={t('resetPassword.ok')}
        onConfirm={async () => setOneTimePassword(await reset())}
      >
        {t('action.resetPassword')}
      </ConfirmButton>
      <Modal
        open={oneTimePassword !== null}
        title={t('resetPassword.doneTitle', { name })}
        onCancel={() => setOneTimePassword(null)}
        footer={
          <Button type="primary" onClick={() => setOneTimePassword(null)}>
            {t('resetPassword.close')}
          </Button>
        }
        destroyOnHidden
      >
        <Typography.Paragraph>
          {email ? t('resetPassword.doneMailed', { email }) : t('resetPassword.doneNoMail')}
        </Typography.Paragraph>
        <Flex gap={8}>
          <Input
            readOnly
            value={oneTimePassword ?? ''}
            aria-label={t('resetPassword.passwordLabel')}
            data-testid="one-time-password"
            style={{ fontFamily: 'monospace' }}
            onFocus={(event) => event.target.select()}
          />
          <Button icon={<CopyOutlined />} onClick={copy}>
            {t('resetPassword.copy')}
          </Button>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('resetPassword.once')}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
