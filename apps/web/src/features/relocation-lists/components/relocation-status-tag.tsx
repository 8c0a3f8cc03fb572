import type { RelocationListStatus } from '@fleetdesk/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Open lists are on the road (assets Dispatching); completed ones were launched at their new site. */
export function RelocationStatusTag({ status }: { status: RelocationListStatus }) {
  const { t } = useTranslation('relocation-lists');
  return (
    <Tag color={status === 'open' ? 'processing' : 'success'} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
