import type { Order, OrderFees, OrderPayment } from '@fleetdesk/contracts';
import { Card, Descriptions, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { DetailTable } from './detail-table.tsx';

type FeeItem = Order['feeItems'][number];
type Exemption = Order['exemptions'][number];

const feeKeys: (keyof OrderFees)[] = ['orderFee', 'paid', 'pending', 'processing', 'owe', 'refunded', 'exempt'];
const feeStatusColors: Record<FeeItem['status'], string> = {
  Pending: 'default',
  Processing: 'processing',
  Paid: 'success',
  Owed: 'error',
  Capped: 'warning',
  Canceled: 'default',
};
const paymentStatusColors: Record<OrderPayment['status'], string> = {
  Pending: 'processing',
  Succeeded: 'success',
  Failed: 'error',
};

/**
 * What the order cost and how it was paid (document 2 §3 "Order" fee amounts): the totals, then the billed periods,
 * the ledger of charges and refunds, and the exemptions.
 */
export function OrderFeesCard({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const price = usePriceLabels();
  const money = (amount: number) => price.money(amount, order.currency);
  const secondary = (text: string | null) => (text ? <Typography.Text type="secondary">{text}</Typography.Text> : '—');

  return (
    <Card title={t('detail.fees')} data-testid="order-fees">
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, md: 4, lg: 7 }}
        layout="vertical"
        items={feeKeys.map((key) => ({
          key,
          label: t(`fee.${key}`),
          children: <span data-testid={`fee-${key}`}>{money(order.fees[key])}</span>,
        }))}
      />
      <Tabs
        style={{ marginTop: 8 }}
        items={[
          {
            key: 'feeItems',
            label: t('fee.items', { count: order.feeItems.length }),
            children: (
              <DetailTable<FeeItem>
                dataSource={order.feeItems}
                empty={t('fee.noItems')}
                columns={[
                  { key: 'sequence', title: t('fee.sequence'), dataIndex: 'sequence', width: 60 },
                  {
                    key: 'period',
                    title: t('fee.period'),
                    render: (_, f) => `${formatDateTime(f.periodStart)} – ${formatDateTime(f.periodEnd)}`,
                  },
                  { key: 'amount', title: t('fee.amount'), align: 'right', render: (_, f) => money(f.amount) },
                  {
                    key: 'status',
                    title: t('fee.status'),
                    render: (_, f) => <Tag color={feeStatusColors[f.status]}>{t(`feeStatus.${f.status}`)}</Tag>,
                  },
                ]}
              />
            ),
          },
          {
            key: 'payments',
            label: t('payment.title', { count: order.payments.length }),
            children: (
              <DetailTable<OrderPayment>
                dataSource={order.payments}
                empty={t('payment.none')}
                data-testid="order-payments"
                columns={[
                  { key: 'createdAt', title: t('payment.time'), render: (_, p) => formatDateTime(p.createdAt) },
                  { key: 'purpose', title: t('payment.purpose'), render: (_, p) => t(`payment.purpose.${p.purpose}`) },
                  {
                    key: 'amount',
                    title: t('fee.amount'),
                    align: 'right',
                    render: (_, p) => price.money(p.amount, p.currency),
                  },
                  {
                    key: 'status',
                    title: t('fee.status'),
                    render: (_, p) => (
                      <Tag color={paymentStatusColors[p.status]}>{t(`payment.status.${p.status}`)}</Tag>
                    ),
                  },
                  {
                    key: 'detail',
                    title: t('payment.detail'),
                    render: (_, p) => secondary(p.failureMessage ?? p.reason),
                  },
                ]}
              />
            ),
          },
          {
            key: 'exemptions',
            label: t('exemption.title', { count: order.exemptions.length }),
            children: (
              <DetailTable<Exemption>
                dataSource={order.exemptions}
                empty={t('exemption.none')}
                columns={[
                  { key: 'createdAt', title: t('payment.time'), render: (_, x) => formatDateTime(x.createdAt) },
                  { key: 'amount', title: t('fee.amount'), align: 'right', render: (_, x) => money(x.amount) },
                  { key: 'reason', title: t('exemption.reason'), dataIndex: 'reason' },
                  { key: 'user', title: t('exemption.by'), render: (_, x) => x.user?.name ?? '—' },
                ]}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
