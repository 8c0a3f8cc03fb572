import { RightOutlined } from '@ant-design/icons';
import { Card, Flex, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCustomerOrderSummary } from '../../deposits/api.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { customerUrls } from '../urls.ts';
import { CardLoadFailedAlert } from './card-load-failed.alert.tsx';

/** The customer's orders at a glance: open, closed and canceled, and what they owe per currency. */
export function CustomerOrdersCard({ customerId }: { customerId: string }) {
  const { t } = useTranslation('deposits');
  const { money } = usePriceLabels();
  const summary = useCustomerOrderSummary(customerId);
  const s = summary.data;

  return (
    <Card
      title={t('orders.title')}
      extra={
        <Link to={customerUrls.orders(customerId)}>
          {t('orders.viewAll')} <RightOutlined />
        </Link>
      }
    >
      {summary.isError ? (
        <CardLoadFailedAlert title={t('orders.loadFailed')} onRetry={summary.refetch} />
      ) : !s ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : (
        <Flex gap={48} wrap data-testid="customer-order-summary">
          <Statistic title={t('orders.open')} value={s.open} />
          <Statistic title={t('orders.closed')} value={s.closed} />
          <Statistic title={t('orders.canceled')} value={s.canceled} />
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">{t('orders.owe')}</Typography.Text>
            {s.owe.length === 0 ? (
              <Typography.Text style={{ fontSize: 24 }}>{t('orders.oweNothing')}</Typography.Text>
            ) : (
              s.owe.map((o) => (
                <Typography.Text key={o.currency} type="danger" style={{ fontSize: 24 }}>
                  {money(o.amount, o.currency)}
                </Typography.Text>
              ))
            )}
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
