import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { reminderLogUrls } from '../urls.ts';

/**
 * The two faces of the reminder log (document 1 §2.3 "Reminder logs"): the history and the centre. The menu has one
 * entry for both, so each screen offers the other, keeping the filters both have (partner, asset, timer): from an
 * asset's row in the centre to its history is one click.
 */
export function ReminderLogViews({ current }: { current: 'log' | 'centre' }) {
  const { t } = useTranslation('reminder-logs');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const shared = {
    partnerIdIn: search.getAll('partnerIdIn'),
    assetNo: search.get('assetNo') ?? undefined,
    timerId: search.get('timerId') ?? undefined,
  };
  return (
    <Segmented<'log' | 'centre'>
      aria-label={t('view.label')}
      value={current}
      onChange={(view) => navigate(reminderLogUrls[view](shared))}
      options={[
        { value: 'centre', label: t('view.centre') },
        { value: 'log', label: t('view.log') },
      ]}
    />
  );
}
