import type { ChecklistRecordStatus } from '@fleetdesk/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** New (a draft still being worked) or Finish (finalized once, its cost fixed); an excluded record says so too. */
export function RecordStatusTag({ status, excluded = false }: { status: ChecklistRecordStatus; excluded?: boolean }) {
  const { t } = useTranslation('checklist-records');
  return (
    <>
      <Tag color={status === 'Finish' ? 'green' : 'blue'}>{t(`status.${status}`)}</Tag>
      {excluded && <Tag color="default">{t('status.excluded')}</Tag>}
    </>
  );
}

/** A working time in whole minutes as hours and minutes ("1 h 25 min"). */
export function DurationText({ minutes }: { minutes: number }) {
  const { t } = useTranslation('checklist-records');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return <>{hours > 0 ? t('duration.hoursMinutes', { hours, minutes: rest }) : t('duration.minutes', { minutes })}</>;
}
