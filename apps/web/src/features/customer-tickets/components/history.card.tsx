import type { CustomerTicket, TicketEvent } from '@fleetdesk/contracts';
import { Card, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';

const colors: Record<string, string> = {
  fail: 'red',
  finish: 'green',
  complete: 'green',
  pause: 'orange',
  charge: 'gray',
};

/** Who did what when: the ticket's events, newest first, each with the status change it made and its details. */
export function HistoryCard({ ticket }: { ticket: CustomerTicket }) {
  const { t } = useTranslation('customer-tickets');
  const events = [...ticket.history].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <Card title={t('history.title')} data-testid="ticket-history">
      {events.length === 0 ? (
        <Typography.Text type="secondary">{t('history.empty')}</Typography.Text>
      ) : (
        <Timeline
          items={events.map((event) => ({
            key: event.id,
            color: colors[event.action] ?? 'blue',
            content: <HistoryItem event={event} />,
          }))}
        />
      )}
    </Card>
  );
}

function HistoryItem({ event }: { event: TicketEvent }) {
  const { t } = useTranslation('customer-tickets');
  const who = event.user?.name ?? t('history.system');
  const change =
    event.fromStatus && event.toStatus && event.fromStatus !== event.toStatus
      ? t('history.change', { from: t(`status.${event.fromStatus}`), to: t(`status.${event.toStatus}`) })
      : null;
  const { data } = event;
  const pauseReason = typeof data.pauseReason === 'string' ? t(`pauseReason.${data.pauseReason}`) : null;
  // A refused charge keeps the provider's decline code: said in words, as in the payments table.
  const declined =
    typeof data.failureCode === 'string'
      ? t('history.charged', { reason: t(`decline.${data.failureCode}`, { defaultValue: data.failureCode }) })
      : null;
  const detail = [
    pauseReason,
    declined,
    ...['note', 'reason', 'name', 'invoiceNo'].map((k) => stringOf(data[k])),
  ].filter((v): v is string => Boolean(v));
  return (
    <div data-testid="history-item" data-action={event.action}>
      <Typography.Text strong>{t(`history.action.${event.action}`, { defaultValue: event.action })}</Typography.Text>{' '}
      <Typography.Text type="secondary">
        {t('history.by', { user: who, time: formatDateTime(event.at) })}
      </Typography.Text>
      {change && <div>{change}</div>}
      {detail.length > 0 && (
        <div>
          <Typography.Text type="secondary">{detail.join(' · ')}</Typography.Text>
        </div>
      )}
    </div>
  );
}

function stringOf(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value;
  if (value && typeof value === 'object' && 'name' in value && typeof value.name === 'string') return value.name;
  return null;
}
