import { DownOutlined, MailOutlined } from '@ant-design/icons';
import type { Customer } from '@fleetdesk/contracts';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSendCustomerMail } from '../api.ts';

type MailKind = 'email-verification' | 'bind-card';

/** Sends the e-mail verification link or the bind-card link; both need an e-mail address on file. */
export function CustomerMailButton({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const send = useSendCustomerMail(customer.id);

  const run = async (kind: MailKind) => {
    try {
      await send.mutateAsync(kind);
      void message.success(t('mail.sent', { email: customer.email }));
    } catch {
      // The http layer has notified with the reason.
    }
  };

  return (
    <Dropdown
      disabled={!customer.email}
      trigger={['click']}
      menu={{
        items: [
          { key: 'email-verification', label: t('mail.verification'), disabled: customer.emailVerified },
          { key: 'bind-card', label: t('mail.bindCard') },
        ],
        onClick: ({ key }) => void run(key as MailKind),
      }}
    >
      <Button icon={<MailOutlined />} loading={send.isPending} title={customer.email ? undefined : t('mail.noEmail')}>
        {t('mail.button')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
