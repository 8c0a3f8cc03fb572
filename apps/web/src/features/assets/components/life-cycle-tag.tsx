import type { AssetLifeCycleState } from '@fleetdesk/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Document 2 §4: the colour every screen shows a lifecycle state in (Unknown has none there: neutral). */
export const lifeCycleColors: Record<AssetLifeCycleState, string> = {
  New: 'green',
  Ready: 'cyan',
  NotReady: 'pink',
  Missing: 'gold',
  // Darker than the dashboard's shades: a hex tag writes in its colour, and that text needs 4.5:1 (issue 27).
  Retired: '#6d4c41',
  Removed: '#616161',
  Unknown: 'default',
};

/** An asset's lifecycle state as a coloured, translated tag (asset list, detail, pickers). */
export function LifeCycleTag({
  state,
  closable,
  onClose,
}: {
  state: AssetLifeCycleState;
  /** In a multiple select: the tag removes its state. */
  closable?: boolean;
  onClose?: () => void;
}) {
  const { t } = useTranslation('assets');
  return (
    <Tag color={lifeCycleColors[state]} data-state={state} closable={closable} onClose={onClose}>
      {t(`lifeCycle.${state}`)}
    </Tag>
  );
}
