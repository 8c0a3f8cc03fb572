import type { CustomerTicketStatus } from '@fleetdesk/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colors: Record<CustomerTicketStatus, string> = {
  new: 'blue',
  'checked-in': 'cyan',
  processing: 'processing',
  paused: 'warning',
  finished: 'success',
  unsuccessful: 'error',
  completed: 'default',
};

/** A ticket's status in words; `finished` reads "Ready" (document 2 §3). */
export function TicketStatusTag({ status }: { status: CustomerTicketStatus }) {
  const { t } = useTranslation('customer-tickets');
  return (
    <Tag color={colors[status]} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
