import type { Order, OrderInvoice } from '@fleetdesk/contracts';
import { Alert, Empty, Modal, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { formatRate } from '../../tax/components/tax-rate.format.ts';
import { useOrderInvoices } from '../api.ts';

export interface InvoicePaging {
  pageNo: number;
  pageSize: number;
}

/**
 * The order's invoices (document 1 §2.5 "invoices modal"), newest first and paged by the server (document 2 §9:
 * page 1, size 10): one per rent period paid while invoicing was on, its amounts split by the rent site's tax rate.
 */
export function OrderInvoicesModal({
  order,
  open,
  paging,
  onPaging,
  onClose,
}: {
  order: Pick<Order, 'id' | 'orderNo'>;
  open: boolean;
  paging: InvoicePaging;
  onPaging: (paging: InvoicePaging) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const price = usePriceLabels();
  const invoices = useOrderInvoices(order.id, paging, open);
  const count = invoices.data?.count ?? 0;

  return (
    <Modal
      open={open}
      title={t('invoices.title', { orderNo: order.orderNo })}
      onCancel={onClose}
      footer={null}
      width={1100}
      destroyOnHidden
    >
      {invoices.isError ? (
        <Alert type="error" showIcon title={t('invoices.failed')} />
      ) : (
        <Table<OrderInvoice>
          rowKey="id"
          size="small"
          loading={invoices.isLoading}
          dataSource={invoices.data?.data ?? []}
          scroll={{ x: 'max-content' }}
          data-testid="order-invoices"
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  <>
                    <Typography.Paragraph style={{ marginBottom: 4 }}>{t('invoices.none')}</Typography.Paragraph>
                    <Typography.Text type="secondary">{t('invoices.noneHint')}</Typography.Text>
                  </>
                }
              />
            ),
          }}
          pagination={
            count > 0 && {
              current: paging.pageNo,
              pageSize: paging.pageSize,
              total: count,
              showSizeChanger: true,
              showTotal: (total) => t('invoices.total', { count: total }),
              onChange: (pageNo, pageSize) => onPaging({ pageNo: pageSize === paging.pageSize ? pageNo : 1, pageSize }),
            }
          }
          columns={[
            { key: 'invoiceNo', title: t('invoices.invoiceNo'), dataIndex: 'invoiceNo' },
            {
              key: 'period',
              title: t('invoices.period'),
              render: (_, i) => `${formatDateTime(i.periodStart)} – ${formatDateTime(i.periodEnd)}`,
            },
            { key: 'issuedAt', title: t('invoices.issuedAt'), render: (_, i) => formatDateTime(i.issuedAt) },
            { key: 'net', title: t('invoices.net'), align: 'right', render: (_, i) => price.money(i.net, i.currency) },
            { key: 'tax', title: t('invoices.tax'), align: 'right', render: (_, i) => price.money(i.tax, i.currency) },
            {
              key: 'gross',
              title: t('invoices.gross'),
              align: 'right',
              render: (_, i) => <Typography.Text strong>{price.money(i.gross, i.currency)}</Typography.Text>,
            },
            { key: 'currency', title: t('invoices.currency'), dataIndex: 'currency' },
            {
              key: 'taxRate',
              title: t('invoices.taxRate'),
              // A null rate: the rent site had no tax group, or its group no rental rate in force then.
              render: (_, i) => (
                <Space size={6}>
                  {i.taxRate === null ? (
                    <Typography.Text type="secondary">{t('invoices.noTaxRate')}</Typography.Text>
                  ) : (
                    <span>{formatRate(i.taxRate)}</span>
                  )}
                  {i.taxGroup && <Typography.Text type="secondary">{i.taxGroup.name}</Typography.Text>}
                </Space>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
