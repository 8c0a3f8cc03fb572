import type { Order } from '@fleetdesk/contracts';
import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLogTable } from '../../../shared/ui/field-log-table.tsx';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { useOrderFieldLogs } from '../api.ts';

/** A refund or an exemption is logged as `{ amount, reason }`. */
const isMoneyEntry = (value: unknown): value is { amount: number; reason: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { amount?: unknown }).amount === 'number' &&
  typeof (value as { reason?: unknown }).reason === 'string';

/** What changed on the order: its status and its lease's, refunds and exemptions (with their amount and reason). */
export function OrderFieldLogCard({ order }: { order: Pick<Order, 'id' | 'currency'> }) {
  const { t } = useTranslation('orders');
  const price = usePriceLabels();
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const logs = useOrderFieldLogs(order.id, paging.pageNo, paging.pageSize);

  const show = (field: string, value: unknown) => {
    if (field === 'status') return t(`status.${String(value)}`, { defaultValue: String(value) });
    if (field === 'leaseStatus') return t(`lease.${String(value)}`, { defaultValue: String(value) });
    if (isMoneyEntry(value)) return `${price.money(value.amount, order.currency)} · ${value.reason}`;
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };

  return (
    <Card title={t('fieldLog.title')}>
      <FieldLogTable
        logs={logs}
        paging={paging}
        onPaging={setPaging}
        fieldLabel={(field) => t(`log.${field}`, { defaultValue: field })}
        show={show}
        testId="order-field-log"
      />
    </Card>
  );
}
