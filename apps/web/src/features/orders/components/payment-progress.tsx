import { LoadingOutlined, RedoOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOrder } from '../api.ts';
import { orderUrls } from '../urls.ts';
import { type CheckoutOutcome, checkoutOutcome } from './checkout.model.ts';
import { CheckoutSteps } from './checkout-steps.tsx';

const resultStatus = { success: 'success', failed: 'error', partial: 'warning' } as const;

/**
 * Step 5: the checkout as it happens. The order is read about every second until the lease starts (success) or the
 * checkout is undone (failed; partial when a step had gone through and was given back), each step with its status.
 */
export function PaymentProgress({
  orderId,
  onStartAgain,
  onOutcome,
}: {
  orderId: string;
  onStartAgain: () => void;
  /** Told each time the outcome changes, so the page's steps can show it. */
  onOutcome: (outcome: CheckoutOutcome) => void;
}) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const order = useOrder(orderId);
  const o = order.data;
  const current = o ? checkoutOutcome(o.checkout) : 'inProgress';
  useEffect(() => onOutcome(current), [current, onOutcome]);

  if (order.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('progress.failedToLoad')}
        action={
          <Button size="small" onClick={() => void order.refetch()}>
            {t('action.retry')}
          </Button>
        }
      />
    );
  if (!o)
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );

  const outcome = current;
  const detailLink = (
    <Button
      key="detail"
      type={outcome === 'success' ? 'primary' : 'default'}
      onClick={() => navigate(orderUrls.detail(o.id))}
    >
      {t('progress.openOrder')}
    </Button>
  );
  const again = (
    <Button
      key="again"
      type={outcome === 'success' ? 'default' : 'primary'}
      icon={<RedoOutlined />}
      onClick={onStartAgain}
    >
      {t(outcome === 'success' ? 'progress.another' : 'progress.startAgain')}
    </Button>
  );

  return (
    <Flex vertical gap={16} data-testid="payment-progress" data-outcome={outcome}>
      {outcome === 'inProgress' ? (
        <Result
          icon={<LoadingOutlined />}
          title={t('progress.running')}
          subTitle={t('progress.runningHint', { orderNo: o.orderNo })}
        />
      ) : (
        <Result
          status={resultStatus[outcome]}
          title={t(`progress.${outcome}`)}
          subTitle={
            outcome === 'success'
              ? t('progress.successHint', { orderNo: o.orderNo, assetNo: o.assetNo ?? '' })
              : t(`progress.${outcome}Hint`, { orderNo: o.orderNo })
          }
          extra={[detailLink, again]}
        />
      )}
      <CheckoutSteps checkout={o.checkout} currency={o.currency} />
    </Flex>
  );
}
