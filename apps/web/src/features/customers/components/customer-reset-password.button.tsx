import { CopyOutlined, KeyOutlined } from '@ant-design/icons';
import type { Customer } from '@fleetdesk/contracts';
import { App, Button, Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { useResetCustomerPassword } from '../api.ts';

/**
 * Reset password: confirm, then show the one-time password once, with a copy button. It lives only in this
 * component's state and is dropped when the dialog closes (the server also mails it when an e-mail is known).
 */
export function CustomerResetPasswordButton({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const reset = useResetCustomerPassword(customer.id);
  const [oneTimePassword, setOneTimePassword] = useState<string | null>(null);
  const name = `${customer.name.first} ${customer.name.last}`;

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
        mode="modal"
        icon={<KeyOutlined />}
        title={t('resetPassword.confirm', { name })}
        description={t('resetPassword.description')}
        okText={t('resetPassword.ok')}
        onConfirm={async () => setOneTimePassword(await reset.mutateAsync())}
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
          {customer.email ? t('resetPassword.doneMailed', { email: customer.email }) : t('resetPassword.doneNoMail')}
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
