import {
  CheckCircleOutlined,
  DollarOutlined,
  FileTextOutlined,
  HistoryOutlined,
  RollbackOutlined,
  StopOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { id as idSchema, type Order, rentingConfigEndpoints, rentingEndpoints } from '@fleetdesk/contracts';
import { Alert, Button, Card, Flex, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { DetailPage } from '../../../shared/ui/detail-page.tsx';
import { useUrlState } from '../../../shared/ui/url-state.ts';
import { useOrder, useOrderAssetRecords } from '../api.ts';
import { checkoutOutcome } from '../components/checkout.model.ts';
import { CheckoutSteps } from '../components/checkout-steps.tsx';
import { OrderAssetsModal } from '../components/order-assets.modal.tsx';
import { OrderEndModal } from '../components/order-end.modal.tsx';
import { OrderFeesCard } from '../components/order-fees.card.tsx';
import { OrderFieldLogCard } from '../components/order-field-log.card.tsx';
import { OrderInvoicesModal } from '../components/order-invoices.modal.tsx';
import { ConfirmReturnModal, ReturnLeaseModal } from '../components/order-return.modal.tsx';
import { awaitsReturnConfirmation, canTakeReturn, returnSubmittedAt } from '../components/order-return.model.ts';
import { LeaseStatusTag, OrderStatusTag } from '../components/order-status-tag.tsx';
import { OrderSummaryCard } from '../components/order-summary.card.tsx';
import { RefundExemptModal } from '../components/refund-exempt.modal.tsx';
import { ReplaceAssetDrawer } from '../components/replace-asset.drawer.tsx';
import { replaceableAssetNo } from '../components/replace-asset.model.ts';
import { type OrderDialog, orderDetailScreen } from '../urls.ts';

/** /renting/order/detail/:orderId: one order; an id that cannot exist is "not found" without asking the server. */
export default function OrderDetailPage() {
  const { orderId = '' } = useParams();
  if (!idSchema.safeParse(orderId).success) return <DataMissing />;
  return <OrderDetail id={orderId} />;
}

/** What each action needs (the endpoint's own requirement, so the button and the call never disagree). */
function useOrderPermissions() {
  return {
    end: useCan(requirementOf(rentingEndpoints.endOrder)),
    returnLease: useCan(requirementOf(rentingEndpoints.returnLease)),
    confirmReturn: useCan(requirementOf(rentingEndpoints.confirmReturn)),
    refundOrExempt: useCan(requirementOf(rentingEndpoints.refundOrExempt)),
    assetRecords: useCan(requirementOf(rentingEndpoints.orderAssetRecords)),
    replaceAsset: useCan(requirementOf(rentingEndpoints.replaceAsset)),
    invoices: useCan(requirementOf(rentingConfigEndpoints.orderInvoices)),
  };
}

function OrderDetail({ id }: { id: string }) {
  const { t } = useTranslation('orders');
  const order = useOrder(id);
  const [screen, setScreen] = useUrlState(orderDetailScreen);
  const can = useOrderPermissions();
  const o = order.data;
  const open = (dialog: OrderDialog) => setScreen({ dialog });
  const close = () => setScreen({ dialog: undefined, invoicePageNo: 1, invoicePageSize: 10 });
  const isOpen = o?.status === 'Open';
  // A checkout that did not complete settles its own payments (its charges are refunded when it is undone).
  const settled = o?.checkout.state === 'Completed';
  const replaceable = o ? replaceableAssetNo(o) !== null : false;
  const returnable = o ? canTakeReturn(o) : false;
  const returning = o ? awaitsReturnConfirmation(o) : false;

  return (
    <DetailPage
      title={
        o ? (
          <Space size={12} wrap>
            <span data-testid="order-no" data-order-no={o.orderNo}>
              {t('detail.title', { orderNo: o.orderNo })}
            </span>
            <OrderStatusTag status={o.status} />
            <LeaseStatusTag status={o.leaseStatus} />
          </Space>
        ) : (
          t('detail.titleLoading')
        )
      }
      documentTitle={o?.orderNo}
      loading={order.isLoading}
      error={order.error}
      extra={
        o && (
          <>
            {can.assetRecords && (
              <Button icon={<HistoryOutlined />} onClick={() => open('assets')}>
                {t('action.assetsHistory')}
              </Button>
            )}
            {can.invoices && (
              <Button icon={<FileTextOutlined />} onClick={() => open('invoices')}>
                {t('action.invoices')}
              </Button>
            )}
            {can.replaceAsset && replaceable && (
              <Button icon={<SwapOutlined />} onClick={() => open('replaceAsset')}>
                {t('action.replaceAsset')}
              </Button>
            )}
            {can.refundOrExempt && settled && (
              <Button icon={<DollarOutlined />} onClick={() => open('refund')}>
                {t('action.refundOrExempt')}
              </Button>
            )}
            {can.returnLease && returnable && (
              <Button icon={<RollbackOutlined />} onClick={() => open('return')}>
                {t('action.takeReturn')}
              </Button>
            )}
            {can.confirmReturn && returning && (
              <Button type="primary" icon={<CheckCircleOutlined />} onClick={() => open('confirmReturn')}>
                {t('action.confirmReturn')}
              </Button>
            )}
            {can.end && isOpen && (
              <Button danger icon={<StopOutlined />} onClick={() => open('end')}>
                {t('action.end')}
              </Button>
            )}
          </>
        )
      }
      sections={[]}
    >
      {o && (
        <Flex vertical gap={16}>
          {returning && <ReturnWaitingAlert order={o} canReadRecords={can.assetRecords} />}
          <OrderSummaryCard order={o} />
          <CheckoutCard order={o} />
          <OrderFeesCard order={o} />
          <OrderFieldLogCard order={o} />
          {can.end && isOpen && <OrderEndModal order={o} open={screen.dialog === 'end'} onClose={close} />}
          {/* Kept while open when the order changes under them, so a refusal stays readable. */}
          {can.returnLease && <ReturnLeaseModal order={o} open={screen.dialog === 'return'} onClose={close} />}
          {can.confirmReturn && (
            <ConfirmReturnModal order={o} open={screen.dialog === 'confirmReturn'} onClose={close} />
          )}
          {can.refundOrExempt && settled && (
            <RefundExemptModal order={o} open={screen.dialog === 'refund'} onClose={close} />
          )}
          {can.assetRecords && <OrderAssetsModal orderId={o.id} open={screen.dialog === 'assets'} onClose={close} />}
          {can.replaceAsset && <ReplaceAssetDrawer order={o} open={screen.dialog === 'replaceAsset'} onClose={close} />}
          {can.invoices && (
            <OrderInvoicesModal
              order={o}
              open={screen.dialog === 'invoices'}
              paging={{ pageNo: screen.invoicePageNo, pageSize: screen.invoicePageSize }}
              onPaging={({ pageNo, pageSize }) => setScreen({ invoicePageNo: pageNo, invoicePageSize: pageSize })}
              onClose={close}
            />
          )}
        </Flex>
      )}
    </DetailPage>
  );
}

/**
 * A return taken under the partner's manual confirmation: rent has stopped and the asset stays held until someone
 * confirms it. When it was submitted comes from the order's asset records, for those who may read them.
 */
function ReturnWaitingAlert({ order, canReadRecords }: { order: Order; canReadRecords: boolean }) {
  const { t } = useTranslation('orders');
  const records = useOrderAssetRecords(order.id, canReadRecords);
  const submitted = returnSubmittedAt(records.data ?? []);
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="return-waiting"
      title={t('returning.title')}
      description={[
        submitted ? t('returning.submitted', { time: formatDateTime(submitted) }) : null,
        order.returnSite ? t('returning.site', { site: order.returnSite.name }) : null,
        t('returning.explain'),
      ]
        .filter(Boolean)
        .join(' · ')}
    />
  );
}

const outcomeColors = { inProgress: 'processing', success: 'success', failed: 'error', partial: 'warning' } as const;

/** The checkout that opened the order; while it runs the page follows it (useOrder polls). */
function CheckoutCard({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const outcome = checkoutOutcome(order.checkout);
  return (
    <Card
      title={t('detail.checkout')}
      data-testid="order-checkout"
      extra={<Tag color={outcomeColors[outcome]}>{t(`outcome.${outcome}`)}</Tag>}
    >
      {outcome === 'inProgress' && (
        <Alert type="info" showIcon title={t('progress.running')} style={{ marginBottom: 16 }} />
      )}
      <CheckoutSteps checkout={order.checkout} currency={order.currency} />
    </Card>
  );
}
