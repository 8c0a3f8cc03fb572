import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { reminderLogPaths } from '../urls.ts';

/**
 * The two faces of the reminder log (document 1 §2.3 "Reminder logs"): the history and the centre. The menu has one
 * entry for both, so each screen offers the other.
 */
export function ReminderLogViews({ current }: { current: 'log' | 'centre' }) {
  const { t } = useTranslation('reminder-logs');
  const navigate = useNavigate();
  return (
    <Segmented<'log' | 'centre'>
      aria-label={t('view.label')}
      value={current}
      onChange={(view) => navigate(reminderLogPaths[view])}
      options={[
        { value: 'centre', label: t('view.centre') },
        { value: 'log', label: t('view.log') },
      ]}
    />
  );
}
