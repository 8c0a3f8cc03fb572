import type { Order } from '@fleetdesk/contracts';
import { Space, Typography } from 'antd';
import { Link } from 'react-router';
import { assetUrls } from '../../assets/urls.ts';
import { LeaseStatusTag } from './order-status-tag.tsx';

/** The order's asset, linked to its page, with the lease's status; a dash while the order has none. */
export function LeasedAsset({ order }: { order: Pick<Order, 'assetNo' | 'leaseStatus'> }) {
  if (!order.assetNo) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space size={4} wrap>
      <Link to={assetUrls.detail(order.assetNo)}>{order.assetNo}</Link>
      <LeaseStatusTag status={order.leaseStatus} />
    </Space>
  );
}
