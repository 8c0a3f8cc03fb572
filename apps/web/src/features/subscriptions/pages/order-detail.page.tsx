import {
  DollarOutlined,
  EditOutlined,
  LogoutOutlined,
  StopOutlined,
  SwapOutlined,
  TransactionOutlined,
  UnorderedListOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { id as idSchema, type SubscriptionOrder } from '@fleetdesk/contracts';
import { App, Button, Flex, Space, Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { usePermissionSet } from '../../../shared/permissions.ts';
import { useSignedInProfile } from '../../../shared/profile.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { DetailPage } from '../../../shared/ui/detail-page.tsx';
import { useUrlState } from '../../../shared/ui/url-state.ts';
import { useForceClose, usePayoff, useSubscriptionOrder, useUnsubscribe } from '../api.ts';
import { useSubscriptionArea } from '../components/area.ts';
import { ChangeAssetsDrawer } from '../components/change-assets.drawer.tsx';
import { ChangePlanModal } from '../components/change-plan.modal.tsx';
import { ExemptRefundModal } from '../components/exempt-refund.modal.tsx';
import { availableActions, type OrderAction } from '../components/order-actions.model.ts';
import { AssetsCard, ChangesFromHint, FeesCard, PeriodCards, PeriodsCard } from '../components/order-cards.tsx';
import { OrderStatusTag } from '../components/status-tags.tsx';
import { type SubscriptionDialog, subscriptionDetailScreen } from '../urls.ts';

/** /subscription/{order,management}/detail/:subscriptionOrderId; an id that cannot exist is "not found" at once. */
export default function SubscriptionOrderDetailPage() {
  const { subscriptionOrderId = '' } = useParams();
  if (!idSchema.safeParse(subscriptionOrderId).success) return <DataMissing />;
  return <OrderDetail id={subscriptionOrderId} />;
}

function OrderDetail({ id }: { id: string }) {
  const { t } = useTranslation('subscriptions');
  const order = useSubscriptionOrder(id);
  const [screen, setScreen] = useUrlState(subscriptionDetailScreen);
  const held = usePermissionSet();
  const profile = useSignedInProfile();
  const o = order.data;
  const actions = o ? availableActions(o, held, profile?.partnerScope) : [];
  const can = (action: OrderAction) => actions.includes(action);
  const close = () => setScreen({ dialog: undefined });

  return (
    <DetailPage
      title={
        o ? (
          <Space size={12} wrap>
            <span data-testid="subscription-order-no">{o.no}</span>
            <OrderStatusTag status={o.status} />
          </Space>
        ) : (
          t('detail.titleLoading')
        )
      }
      documentTitle={o?.no}
      loading={order.isLoading}
      error={order.error}
      extra={o && <OrderActions order={o} actions={actions} open={(dialog) => setScreen({ dialog })} />}
      sections={
        o ? [{ key: 'terms', title: t('detail.terms'), items: termsItems(o, t), column: { xs: 1, md: 2, xl: 3 } }] : []
      }
    >
      {o && (
        <Flex vertical gap={16}>
          <ChangesFromHint order={o} />
          <PeriodCards order={o} />
          <FeesCard order={o} />
          <AssetsCard
            order={o}
            set={screen.assetSet}
            onSet={(assetSet) => setScreen({ assetSet }, { replace: true })}
          />
          <PeriodsCard order={o} />
          {can('changePlan') && <ChangePlanModal order={o} open={screen.dialog === 'changePlan'} onClose={close} />}
          {can('changeAssets') && (
            <ChangeAssetsDrawer order={o} open={screen.dialog === 'changeAssets'} onClose={close} />
          )}
          {can('exemptRefund') && (
            <ExemptRefundModal order={o} open={screen.dialog === 'exemptRefund'} onClose={close} />
          )}
        </Flex>
      )}
    </DetailPage>
  );
}

/** The order's terms (document 1 §2.5 "terms"): who, what, how it renews and how it is paid. */
function termsItems(o: SubscriptionOrder, t: TFunction<'subscriptions'>) {
  const item = (key: string, children: ReactNode) => ({ key, label: t(`field.${key}`), children });
  return [
    item('partner', o.partner.name),
    item('package', o.package.name),
    item('plan', o.plan.name),
    item(
      'nextPlan',
      o.nextPlan ? (
        <Tag color="orange" data-testid="terms-next-plan">
          {o.nextPlan.name}
        </Tag>
      ) : (
        t('detail.noChange')
      ),
    ),
    item('category', o.category.name),
    item('assetQuota', `${o.assetCount} / ${o.assetQuota}`),
    item('assetTransferSite', o.assetTransferSite.name),
    item('startTime', formatDateTime(o.startTime)),
    item('renewStrategy', t(`renew.${o.renewStrategy}`)),
    item('terminateTime', o.terminateTime ? formatDateTime(o.terminateTime) : '—'),
    item(
      'usagePeriodMode',
      o.usagePeriodMode === 'fixed' && o.billingCycleFixedPattern
        ? t('periodMode.fixedOn', { day: o.billingCycleFixedPattern.dayOfMonth })
        : t(`periodMode.${o.usagePeriodMode}`),
    ),
    item('payment', `${t(`paymentType.${o.payment.type}`)} · ${o.payment.paymentMethod}`),
    item('timezone', o.timezone),
    ...(o.endedAt ? [item('endedAt', formatDateTime(o.endedAt))] : []),
    item('note', o.note || '—'),
  ];
}

/** The action buttons the user may press on this order now (order-actions.model.ts decides which). */
function OrderActions({
  order,
  actions,
  open,
}: {
  order: SubscriptionOrder;
  actions: OrderAction[];
  open: (dialog: SubscriptionDialog) => void;
}) {
  const { t } = useTranslation('subscriptions');
  const { message } = App.useApp();
  const { urls } = useSubscriptionArea();
  const unsubscribe = useUnsubscribe(order.id);
  const payoff = usePayoff(order.id);
  const forceClose = useForceClose(order.id);
  const done = (key: string) => () => void message.success(t(key));
  const buttons: Record<OrderAction, ReactNode> = {
    trades: (
      <Link key="trades" to={urls.trade(order.id)}>
        <Button icon={<UnorderedListOutlined />} tabIndex={-1}>
          {t('action.trades')}
        </Button>
      </Link>
    ),
    edit: (
      <Link key="edit" to={urls.edit(order.id)}>
        <Button icon={<EditOutlined />} tabIndex={-1}>
          {t('action.edit')}
        </Button>
      </Link>
    ),
    changePlan: (
      <Button key="changePlan" icon={<SwapOutlined />} onClick={() => open('changePlan')}>
        {t('action.changePlan')}
      </Button>
    ),
    changeAssets: (
      <Button key="changeAssets" icon={<TransactionOutlined />} onClick={() => open('changeAssets')}>
        {t('action.changeAssets')}
      </Button>
    ),
    payoff: (
      <ConfirmButton
        key="payoff"
        mode="modal"
        icon={<WalletOutlined />}
        title={t('payoff.confirm', { no: order.no })}
        description={t('payoff.explain')}
        onConfirm={() => payoff.mutateAsync(undefined).then(done('payoff.done'))}
      >
        {t('action.payoff')}
      </ConfirmButton>
    ),
    exemptRefund: (
      <Button key="exemptRefund" icon={<DollarOutlined />} onClick={() => open('exemptRefund')}>
        {t('action.exemptRefund')}
      </Button>
    ),
    unsubscribe: (
      <ConfirmButton
        key="unsubscribe"
        mode="modal"
        icon={<LogoutOutlined />}
        title={t('unsubscribe.confirm', { no: order.no })}
        description={t('unsubscribe.explain', { time: formatDateTime(order.currentPeriodEnd) })}
        okText={t('action.unsubscribe')}
        onConfirm={() => unsubscribe.mutateAsync(undefined).then(done('unsubscribe.done'))}
      >
        {t('action.unsubscribe')}
      </ConfirmButton>
    ),
    forceClose: (
      <ConfirmButton
        key="forceClose"
        mode="modal"
        danger
        icon={<StopOutlined />}
        title={t('forceClose.confirm', { no: order.no })}
        description={t('forceClose.explain', { site: order.assetTransferSite.name })}
        okText={t('action.forceClose')}
        onConfirm={() => forceClose.mutateAsync(undefined).then(done('forceClose.done'))}
      >
        {t('action.forceClose')}
      </ConfirmButton>
    ),
  };
  return <>{actions.map((action) => buttons[action])}</>;
}
