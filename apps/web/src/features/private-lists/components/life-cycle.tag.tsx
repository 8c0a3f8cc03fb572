import type { AssetLifeCycleState } from '@fleetdesk/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Document 2 §4 colours (the asset screens use the same; Unknown has none there: neutral). */
const colors: Record<AssetLifeCycleState, string> = {
  New: 'green',
  Ready: 'cyan',
  NotReady: 'pink',
  Missing: 'gold',
  Retired: '#8d6e63',
  Removed: '#9e9e9e',
  Unknown: 'default',
};

export function LifeCycleTag({ state }: { state: AssetLifeCycleState }) {
  const { t } = useTranslation('private-lists');
  return <Tag color={colors[state]}>{t(`lifeCycle.${state}`)}</Tag>;
}
