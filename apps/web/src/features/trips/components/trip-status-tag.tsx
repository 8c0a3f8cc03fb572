import type { TripStatus } from '@fleetdesk/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colors: Record<TripStatus, string> = { ongoing: 'processing', stopped: 'warning', finished: 'success' };

/** Document 2 §4 trip states: ongoing, stopped (temporarily stopped), finished. */
export function TripStatusTag({ status }: { status: TripStatus }) {
  const { t } = useTranslation('trips');
  return <Tag color={colors[status]}>{t(`status.${status}`)}</Tag>;
}
