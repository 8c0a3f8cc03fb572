import { CopyOutlined, KeyOutlined } from '@ant-design/icons';
import type { User } from '@fleetdesk/contracts';
import { App, Button, type ButtonProps, Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { useResetPassword } from '../api.ts';

/**
 * Reset password: confirm, then show the one-time password once, with a copy button. The password lives only
 * in this component's state and is dropped when the dialog closes.
 */
export function UserResetPasswordButton({
  user,
  ...button
}: { user: Pick<User, 'id' | 'name' | 'username' | 'email'> } & Pick<ButtonProps, 'size' | 'type'>) {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const reset = useResetPassword();
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
        title={t('resetPassword.confirm', { name: user.name })}
        description={t('resetPassword.description')}
        okText={t('resetPassword.ok')}
        onConfirm={async () => setOneTimePassword(await reset.mutateAsync(user.id))}
        aria-label={t('action.resetPasswordOf', { username: user.username })}
        data-testid="user-reset-password"
      >
        {t('action.resetPassword')}
      </ConfirmButton>
      <Modal
        open={oneTimePassword !== null}
        title={t('resetPassword.doneTitle', { name: user.name })}
        onCancel={() => setOneTimePassword(null)}
        footer={
          <Button type="primary" onClick={() => setOneTimePassword(null)}>
            {t('resetPassword.close')}
          </Button>
        }
        destroyOnHidden
      >
        <Typography.Paragraph>
          {user.email ? t('resetPassword.doneMailed', { email: user.email }) : t('resetPassword.doneNoMail')}
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
