import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Customer, CustomerPaymentMethod } from '@fleetdesk/contracts';
import { App, Button, Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { useRemovePaymentMethod } from '../api.ts';

/** "•••• 4242"; wallets and mandates without a number show nothing. */
export const maskedNumber = (last4: string | null) => (last4 ? `•••• ${last4}` : '—');

/** "04/27"; absent for methods without an expiry. */
export function expiryOf(method: Pick<CustomerPaymentMethod, 'expMonth' | 'expYear'>): string {
  if (!method.expMonth || !method.expYear) return '—';
  return `${String(method.expMonth).padStart(2, '0')}/${String(method.expYear % 100).padStart(2, '0')}`;
}

/**
 * The payment methods on file (document 2 §3), each removable with customer.payment.delete after a confirmation;
 * staff may add a card with the payment provider's form (`onAdd`, absent when they may not).
 */
export function CustomerPaymentMethodsCard({
  customer,
  canDelete,
  onAdd,
}: {
  customer: Customer;
  canDelete: boolean;
  onAdd?: (() => void) | undefined;
}) {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const remove = useRemovePaymentMethod(customer.id);

  return (
    <Card
      title={t('payment.title')}
      extra={
        onAdd && (
          <Button icon={<PlusOutlined />} onClick={onAdd}>
            {t('card.add')}
          </Button>
        )
      }
    >
      <Table<CustomerPaymentMethod>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={customer.paymentMethods}
        locale={{ emptyText: t('payment.none') }}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'type', title: t('payment.type'), render: (_, m) => t(`payment.kind.${m.type}`) },
          { key: 'brand', title: t('payment.brand'), render: (_, m) => m.brand ?? '—' },
          {
            key: 'number',
            title: t('payment.number'),
            render: (_, m) => (
              <Typography.Text style={{ fontFamily: 'monospace' }}>{maskedNumber(m.last4)}</Typography.Text>
            ),
          },
          { key: 'expiry', title: t('payment.expiry'), render: (_, m) => expiryOf(m) },
          {
            key: 'valid',
            title: t('payment.validity'),
            render: (_, m) =>
              m.valid ? <Tag color="green">{t('payment.valid')}</Tag> : <Tag color="red">{t('payment.invalid')}</Tag>,
          },
          { key: 'createdAt', title: t('payment.addedAt'), render: (_, m) => formatDateTime(m.createdAt) },
          ...(canDelete
            ? [
                {
                  key: 'actions',
                  title: t('column.actions'),
                  render: (_: unknown, m: CustomerPaymentMethod) => (
                    <ConfirmButton
                      danger
                      size="small"
                      type="link"
                      icon={<DeleteOutlined />}
                      title={t('payment.deleteConfirm', {
                        method: `${m.brand ?? t(`payment.kind.${m.type}`)} ${maskedNumber(m.last4)}`,
                      })}
                      description={t('payment.deleteHint')}
                      okText={t('action.delete')}
                      aria-label={t('payment.deleteLabel', { number: maskedNumber(m.last4) })}
                      onConfirm={async () => {
                        await remove.mutateAsync(m.id);
                        void message.success(t('payment.deleted'));
                      }}
                    >
                      {t('action.delete')}
                    </ConfirmButton>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
