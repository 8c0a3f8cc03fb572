import type { Order, OrderFees } from '@fleetdesk/contracts';
import { Card, Descriptions, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { DetailTable } from './detail-table.tsx';
import { type PaymentLine, paymentLines } from './payment-lines.model.ts';

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
const paymentStatusColors: Record<PaymentLine['display'], string> = {
  Pending: 'processing',
  Succeeded: 'success',
  Failed: 'error',
  PartiallyRefunded: 'warning',
  Refunded: 'default',
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
              <DetailTable<PaymentLine>
                dataSource={paymentLines(order.payments)}
                empty={t('payment.none')}
                data-testid="order-payments"
                rowClassName={(l) => (l.isRefund ? 'payment-refund-line' : '')}
                columns={[
                  {
                    key: 'createdAt',
                    title: t('payment.time'),
                    render: (_, l) => formatDateTime(l.payment.createdAt),
                  },
                  {
                    key: 'purpose',
                    title: t('payment.purpose'),
                    // A refund reads as part of the charge above it.
                    render: (_, l) =>
                      l.isRefund ? (
                        <span style={{ paddingInlineStart: 16 }}>↳ {t('payment.purpose.refund')}</span>
                      ) : (
                        t(`payment.purpose.${l.payment.purpose}`)
                      ),
                  },
                  {
                    key: 'amount',
                    title: t('fee.amount'),
                    align: 'right',
                    render: (_, l) => (
                      <Typography.Text type={l.isRefund ? 'success' : undefined} data-testid="payment-amount">
                        {price.money(l.signedAmount, l.payment.currency)}
                      </Typography.Text>
                    ),
                  },
                  {
                    key: 'status',
                    title: t('fee.status'),
                    render: (_, l) => (
                      <Tag color={paymentStatusColors[l.display]} data-status={l.display}>
                        {t(`payment.status.${l.display}`)}
                      </Tag>
                    ),
                  },
                  {
                    key: 'detail',
                    title: t('payment.detail'),
                    render: (_, l) =>
                      l.payment.refundState === 'PartiallyRefunded'
                        ? secondary(t('payment.refundedOf', { amount: money(l.payment.refundedAmount) }))
                        : secondary(l.payment.failureMessage ?? l.payment.reason),
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
