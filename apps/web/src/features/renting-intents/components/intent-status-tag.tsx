import { ClockCircleOutlined } from '@ant-design/icons';
import type { RentingIntent, RentingIntentStatus } from '@fleetdesk/contracts';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const statusColors: Record<RentingIntentStatus, string> = {
  Pending: 'gold',
  Confirmed: 'processing',
  Fulfilled: 'success',
  Canceled: 'default',
};

/**
 * An intent's status (Pending, Confirmed, Fulfilled, Canceled), marked overdue when its window ended while still
 * open, with the reason of a cancellation under it.
 */
export function IntentStatus({ intent }: { intent: Pick<RentingIntent, 'status' | 'overdue' | 'cancelReason'> }) {
  const { t } = useTranslation('renting-intents');
  return (
    <Flex vertical align="flex-start" gap={2}>
      <Flex gap={4} wrap>
        <Tag color={statusColors[intent.status]} data-testid="intent-status">
          {t(`status.${intent.status}`)}
        </Tag>
        {intent.overdue && (
          <Tag color="error" icon={<ClockCircleOutlined />} data-testid="intent-overdue">
            {t('status.overdue')}
          </Tag>
        )}
      </Flex>
      {intent.status === 'Canceled' && intent.cancelReason && (
        <Typography.Text type="secondary" ellipsis={{ tooltip: intent.cancelReason }} style={{ maxWidth: 220 }}>
          {intent.cancelReason}
        </Typography.Text>
      )}
    </Flex>
  );
}
