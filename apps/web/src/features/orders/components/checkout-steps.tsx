import { LoadingOutlined, MinusCircleOutlined, RollbackOutlined } from '@ant-design/icons';
import type { CheckoutStepStatus, OrderCheckout } from '@fleetdesk/contracts';
import { Alert, Flex, Steps, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { stepDisplayStatus } from './checkout.model.ts';

const statusColors: Record<CheckoutStepStatus, string> = {
  skipped: 'default',
  waiting: 'default',
  pending: 'processing',
  succeeded: 'success',
  failed: 'error',
  undone: 'warning',
};
const statusIcons: Partial<Record<CheckoutStepStatus, ReactNode>> = {
  pending: <LoadingOutlined />,
  undone: <RollbackOutlined />,
  skipped: <MinusCircleOutlined />,
};

/**
 * The checkout's three steps (deposit, first rent, unlock) with their status, the amount each charges and the
 * provider's or the device's words when one failed; the failure of the whole checkout below them.
 */
export function CheckoutSteps({ checkout, currency }: { checkout: OrderCheckout; currency: string }) {
  const { t } = useTranslation('orders');
  const price = usePriceLabels();
  return (
    <Flex vertical gap={16} data-testid="checkout-steps">
      <Steps
        // Every step carries its own status; `current` past the last step keeps antd from highlighting one of them.
        current={checkout.steps.length}
        items={checkout.steps.map((s) => ({
          key: s.step,
          title: t(`checkout.step.${s.step}`),
          subTitle: s.amount === null ? undefined : price.money(s.amount, currency),
          status: stepDisplayStatus(s.status),
          icon: statusIcons[s.status],
          content: (
            <Flex vertical gap={4} align="flex-start" data-testid={`checkout-step-${s.step}`}>
              <Tag color={statusColors[s.status]} data-status={s.status}>
                {t(`checkout.status.${s.status}`)}
              </Tag>
              {s.message && <Typography.Text type="danger">{s.message}</Typography.Text>}
            </Flex>
          ),
        }))}
      />
      {checkout.failureCode && (
        <Alert
          type="error"
          showIcon
          data-testid="checkout-failure"
          title={t(`checkout.failure.${checkout.failureCode}`)}
          description={checkout.failureMessage}
        />
      )}
    </Flex>
  );
}
