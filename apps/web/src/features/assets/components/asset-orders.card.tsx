import { type Asset, type OrderSummary, rentingEndpoints } from '@fleetdesk/contracts';
import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { LeaseStatusTag, OrderStatusTag } from '../../orders/components/order-status-tag.tsx';
import { orderUrls } from '../../orders/urls.ts';
import { useAssetOrders } from '../api.ts';

const PAGE_SIZE = 5;

/** The renting orders that leased this asset, newest first, each linking to its order; shown to order readers. */
export function AssetOrdersCard({ asset }: { asset: Asset }) {
  const { t } = useTranslation('assets');
  const canRead = useCan(requirementOf(rentingEndpoints.listOrders));
  const [pageNo, setPageNo] = useState(1);
  const orders = useAssetOrders(asset.no, { pageNo, pageSize: PAGE_SIZE }, canRead);
  if (!canRead) return null;

  const columns: TableColumnsType<OrderSummary> = [
    {
      key: 'orderNo',
      title: t('orders.orderNo'),
      render: (_, o) => <Link to={orderUrls.detail(o.id)}>{o.orderNo}</Link>,
    },
    { key: 'status', title: t('orders.status'), render: (_, o) => <OrderStatusTag status={o.status} /> },
    {
      key: 'lease',
      title: t('orders.lease'),
      responsive: ['sm'],
      render: (_, o) => <LeaseStatusTag status={o.leaseStatus} />,
    },
    { key: 'customer', title: t('orders.customer'), render: (_, o) => o.customer.name },
    {
      key: 'start',
      title: t('orders.start'),
      responsive: ['md'],
      render: (_, o) => formatDateTime(o.startTime) || '—',
    },
    { key: 'end', title: t('orders.end'), responsive: ['lg'], render: (_, o) => formatDateTime(o.endTime) || '—' },
  ];
  return (
    <Card title={t('card.orders')} data-testid="asset-orders">
      <Table<OrderSummary>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={orders.data?.data}
        loading={orders.isPending}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: orders.data?.count ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPageNo,
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.none')} /> }}
      />
    </Card>
  );
}
