import { RollbackOutlined } from '@ant-design/icons';
import type { CustomerDeposit } from '@fleetdesk/contracts';
import { Button, Card, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerDeposits } from '../../deposits/api.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { CardLoadFailedAlert } from './card-load-failed.alert.tsx';
import { DepositRefundModal } from './deposit-refund.modal.tsx';

/** A deposit row is one partner and asset category. */
const keyOf = (d: CustomerDeposit) => `${d.partner.id}:${d.assetCategory.id}`;

/**
 * The customer's deposits per partner and asset category (document 2 §3): what the assets they hold need
 * (payable), what they paid, and how many no asset needs (refundable). Staff with customer.refund_deposit give
 * those back from here.
 */
export function CustomerDepositsCard({
  customerId,
  customerName,
  canRefund,
}: {
  customerId: string;
  customerName: string;
  canRefund: boolean;
}) {
  const { t } = useTranslation('deposits');
  const { money } = usePriceLabels();
  const deposits = useCustomerDeposits(customerId);
  // The row being refunded, by key: after a refusal the deposits are read again and the dialog shows the new counts.
  const [refunding, setRefunding] = useState<string | null>(null);
  const rows = deposits.data ?? [];

  return (
    <Card title={t('deposits.title')}>
      {deposits.isError ? (
        <CardLoadFailedAlert title={t('deposits.loadFailed')} onRetry={deposits.refetch} />
      ) : (
        <Table<CustomerDeposit>
          rowKey={keyOf}
          size="small"
          pagination={false}
          loading={deposits.isLoading}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('deposits.none') }}
          data-testid="customer-deposits"
          columns={[
            { key: 'partner', title: t('field.partner'), render: (_, d) => d.partner.name },
            { key: 'category', title: t('field.category'), render: (_, d) => d.assetCategory.name },
            { key: 'payable', title: t('deposits.payable'), align: 'right', dataIndex: 'payableQuantity' },
            { key: 'paid', title: t('deposits.paidQuantity'), align: 'right', dataIndex: 'paidQuantity' },
            {
              key: 'paidAmount',
              title: t('deposits.paidAmount'),
              align: 'right',
              render: (_, d) => money(d.paidAmount, d.currency),
            },
            {
              key: 'refundable',
              title: t('deposits.refundable'),
              align: 'right',
              render: (_, d) => (
                <Typography.Text strong={d.refundableQuantity > 0}>{d.refundableQuantity}</Typography.Text>
              ),
            },
            ...(canRefund
              ? [
                  {
                    key: 'actions',
                    title: t('column.actions'),
                    render: (_: unknown, d: CustomerDeposit) => (
                      <Button
                        size="small"
                        type="link"
                        icon={<RollbackOutlined />}
                        disabled={d.refundableQuantity === 0}
                        aria-label={t('refund.open', { partner: d.partner.name, category: d.assetCategory.name })}
                        onClick={() => setRefunding(keyOf(d))}
                      >
                        {t('refund.action')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {canRefund && (
        <DepositRefundModal
          customerId={customerId}
          customerName={customerName}
          deposit={rows.find((d) => keyOf(d) === refunding) ?? null}
          onClose={() => setRefunding(null)}
        />
      )}
    </Card>
  );
}
