import { DownOutlined, MailOutlined } from '@ant-design/icons';
import type { Customer } from '@fleetdesk/contracts';
import { App, Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCounterSetup, useSendCustomerMail } from '../api.ts';

type MailKind = 'email-verification' | 'bind-card';

/**
 * Sends the e-mail verification link or the bind-card link; both need an e-mail address on file and the customer
 * client link (CLIENT_LINK_URL), without which the mail would have no link: then the button says why it is off.
 */
export function CustomerMailButton({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const send = useSendCustomerMail(customer.id);
  const setup = useCounterSetup();
  const noLink = setup.data !== undefined && setup.data.url === null;
  const why = !customer.email ? t('mail.noEmail') : noLink ? t('mail.noClientLink') : undefined;

  const run = async (kind: MailKind) => {
    try {
      await send.mutateAsync(kind);
      void message.success(t('mail.sent', { email: customer.email }));
    } catch {
      // The http layer has notified with the reason.
    }
  };

  return (
    <Tooltip title={why}>
      <span data-testid="customer-mail">
        <Dropdown
          disabled={why !== undefined || setup.isPending}
          trigger={['click']}
          menu={{
            items: [
              { key: 'email-verification', label: t('mail.verification'), disabled: customer.emailVerified },
              { key: 'bind-card', label: t('mail.bindCard') },
            ],
            onClick: ({ key }) => void run(key as MailKind),
          }}
        >
          <Button icon={<MailOutlined />} loading={send.isPending} disabled={why !== undefined}>
            {t('mail.button')} <DownOutlined />
          </Button>
        </Dropdown>
      </span>
    </Tooltip>
  );
}
