import type { AssetTimerLogKind, AssetTimerState } from '@fleetdesk/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { stateColor } from '../../reminders/format.ts';

/** A fire takes its state's colour; a reset starts a new cycle (blue), an acknowledgement is a note (grey). */
const kindColor: Record<AssetTimerLogKind, string> = {
  upcoming: stateColor.upcoming,
  due: stateColor.due,
  overdue: stateColor.overdue,
  reset: 'blue',
  acknowledged: 'default',
};

export function LogKindTag({ kind }: { kind: AssetTimerLogKind }) {
  const { t } = useTranslation('reminder-logs');
  return (
    <Tag color={kindColor[kind]} data-kind={kind}>
      {t(`kind.${kind}`)}
    </Tag>
  );
}

export function TimerStateTag({ state }: { state: AssetTimerState }) {
  const { t } = useTranslation('reminder-logs');
  return (
    <Tag color={stateColor[state]} data-state={state}>
      {t(`state.${state}`)}
    </Tag>
  );
}
