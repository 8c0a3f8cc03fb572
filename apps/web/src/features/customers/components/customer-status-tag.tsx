import type { CustomerStatus } from '@fleetdesk/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Active customers in green; deleted ones grey, like the archived rows they head. */
export function CustomerStatusTag({ status }: { status: CustomerStatus }) {
  const { t } = useTranslation('customers');
  return <Tag color={status === 'active' ? 'green' : 'default'}>{t(`status.${status}`)}</Tag>;
}
