import type { SubscriptionFeeType, SubscriptionOrderStatus, SubscriptionTradeState } from '@fleetdesk/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const orderColors: Record<SubscriptionOrderStatus, string> = {
  subscribed: 'green',
  unsubscribing: 'orange',
  finished: 'default',
};

export function OrderStatusTag({ status }: { status: SubscriptionOrderStatus }) {
  const { t } = useTranslation('subscriptions');
  return (
    <Tag color={orderColors[status]} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** Document 2 §4 trade states, coloured as the console's other payments are. */
const tradeColors: Record<SubscriptionTradeState, string> = {
  Pending: 'default',
  Claimable: 'blue',
  Processing: 'processing',
  Succeeded: 'success',
  Failed: 'error',
  Canceled: 'warning',
};

export function TradeStateTag({ state }: { state: SubscriptionTradeState }) {
  const { t } = useTranslation('subscriptions');
  return (
    <Tag color={tradeColors[state]} data-state={state}>
      {t(`tradeState.${state}`)}
    </Tag>
  );
}

export function FeeTypeTag({ feeType }: { feeType: SubscriptionFeeType }) {
  const { t } = useTranslation('subscriptions');
  const color = feeType === 'basic' ? 'geekblue' : feeType === 'usage' ? 'purple' : 'cyan';
  return <Tag color={color}>{t(`feeType.${feeType}`)}</Tag>;
}
