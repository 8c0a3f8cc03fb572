import type { LeaseStatus, OrderStatus } from '@fleetdesk/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const statusColors: Record<OrderStatus, string> = {
  New: 'processing',
  Open: 'success',
  Closed: 'default',
  Canceled: 'error',
};
const leaseColors: Record<LeaseStatus, string> = {
  InUse: 'blue',
  Returning: 'orange',
  Returned: 'default',
  Canceled: 'error',
};

/** Document 2 §4: an order is New, Open, Closed or Canceled. */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return (
    <Tag color={statusColors[status]} data-testid="order-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

/** Document 2 §4: a lease is in use, returning (awaiting confirmation) or returned; canceled if it never started. */
export function LeaseStatusTag({ status }: { status: LeaseStatus | null }) {
  const { t } = useTranslation('orders');
  if (!status) return null;
  return (
    <Tag color={leaseColors[status]} data-testid="lease-status">
      {t(`lease.${status}`)}
    </Tag>
  );
}
