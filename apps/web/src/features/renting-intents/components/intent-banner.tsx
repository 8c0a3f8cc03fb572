import { LinkOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { IntentMismatch } from '../../orders/components/new-order.model.ts';
import { intentKeys, useRentingIntent } from '../api.ts';
import { appointmentWindowText } from './intent-list.model.ts';
import { IntentStatus } from './intent-status-tag.tsx';
import { windowFormat } from './window-format.ts';

/**
 * The renting intent a new order fulfils, above the new-order flow: whose it is, which partner and category, the
 * appointment and its status, and what of the choices so far does not match it (the server would refuse the
 * order). Until the order is confirmed the intent can be unlinked, so an order can still be made without it.
 */
export function IntentBanner({
  intentId,
  mismatches,
  settled,
  onUnlink,
}: {
  intentId: string;
  mismatches: readonly IntentMismatch[];
  /** The order's checkout has ended: the intent is read again (fulfilled, or let go). */
  settled: boolean;
  onUnlink?: (() => void) | undefined;
}) {
  const { t } = useTranslation('renting-intents');
  const client = useQueryClient();
  const intent = useRentingIntent(intentId);
  useEffect(() => {
    if (settled) void client.invalidateQueries({ queryKey: intentKeys.all });
  }, [settled, client]);

  const i = intent.data;
  return (
    <Alert
      type={mismatches.length > 0 ? 'warning' : 'info'}
      showIcon
      icon={<LinkOutlined />}
      data-testid="order-intent"
      title={t('banner.title')}
      description={
        <Flex vertical gap={4} align="flex-start">
          {i ? (
            <Flex gap={8} wrap align="center">
              <Typography.Text strong>
                {t('banner.summary', {
                  name: i.customer.name,
                  partner: i.partner.name,
                  category: i.assetCategory.name,
                })}
              </Typography.Text>
              <Typography.Text>
                {t('banner.appointment', { window: appointmentWindowText(i, windowFormat) })}
              </Typography.Text>
              <IntentStatus intent={i} />
            </Flex>
          ) : (
            <Typography.Text type="secondary">
              {intent.isError ? t('banner.unreadable') : t('banner.loading')}
            </Typography.Text>
          )}
          {mismatches.map((m) => (
            <Typography.Text key={m} type="warning" data-testid="order-intent-mismatch">
              {t(`banner.mismatch.${m}`)}
            </Typography.Text>
          ))}
        </Flex>
      }
      action={
        onUnlink && (
          <Button size="small" onClick={onUnlink}>
            {t('banner.unlink')}
          </Button>
        )
      }
    />
  );
}
