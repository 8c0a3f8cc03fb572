import type { Order } from '@fleetdesk/contracts';
import { Card, Descriptions, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { customerUrls } from '../../customers/urls.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { DiscountTag } from './discount-tag.tsx';
import { LeasedAsset } from './leased-asset.tsx';

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const orDash = (value: ReactNode) => (value === null || value === undefined || value === '' ? dash : value);

/** Who rents what, under which plan and price, and when (document 2 §3 "Order"). */
export function OrderSummaryCard({ order: o }: { order: Order }) {
  const { t } = useTranslation('orders');
  const price = usePriceLabels();
  const time = (value: string | null) => orDash(value && formatDateTime(value));

  return (
    <Card title={t('detail.summary')} data-testid="order-summary">
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
        items={[
          {
            key: 'customer',
            label: t('field.customer'),
            children: (
              <Space size={4} wrap>
                <Link to={customerUrls.detail(o.customer.id)}>{o.customer.name}</Link>
                <Typography.Text type="secondary">{o.customer.phoneNo}</Typography.Text>
              </Space>
            ),
          },
          {
            key: 'asset',
            label: t('field.asset'),
            children: <LeasedAsset order={o} />,
          },
          { key: 'category', label: t('field.category'), children: o.assetCategory.name },
          { key: 'partner', label: t('field.partner'), children: o.partner.name },
          { key: 'plan', label: t('field.plan'), children: price.plan(o.paymentPlan) },
          {
            key: 'price',
            label: t('field.unitPrice'),
            children: (
              <Space size={4} wrap>
                <span>{price.unitPrice(o.unitPrice, o.currency, o.priceUnit)}</span>
                <DiscountTag discount={o.discount} />
              </Space>
            ),
          },
          {
            key: 'deposit',
            label: t('field.deposit'),
            children: o.deposit ? (
              <Space size={4} wrap>
                <span>{price.money(o.deposit.amount, o.currency)}</span>
                <Tag>{t(`checkout.status.${o.deposit.status}`)}</Tag>
              </Space>
            ) : (
              t('detail.noDeposit')
            ),
          },
          { key: 'rentSite', label: t('field.rentSite'), children: orDash(o.rentSite?.name) },
          { key: 'returnSite', label: t('field.returnSite'), children: orDash(o.returnSite?.name) },
          { key: 'orderTime', label: t('field.orderTime'), children: formatDateTime(o.orderTime) },
          { key: 'startTime', label: t('field.startTime'), children: time(o.startTime) },
          { key: 'returnTime', label: t('field.returnTime'), children: time(o.returnTime) },
          { key: 'endTime', label: t('field.endTime'), children: time(o.endTime) },
          { key: 'nextPaymentTime', label: t('field.nextPaymentTime'), children: time(o.nextPaymentTime) },
          { key: 'createdBy', label: t('field.createdBy'), children: orDash(o.createdBy?.name) },
          { key: 'note', label: t('field.note'), children: orDash(o.note), span: 'filled' },
          ...(o.endReason
            ? [{ key: 'endReason', label: t('field.endReason'), children: o.endReason, span: 'filled' as const }]
            : []),
        ]}
      />
    </Card>
  );
}
