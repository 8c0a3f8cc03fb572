import { resetRuleTypes, type TimerKind, timerKinds } from '@fleetdesk/contracts';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTimerOptions } from '../api.ts';

export function TimerKindSelect(props: SelectProps) {
  const { t } = useTranslation('reminders');
  return <Select options={timerKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))} {...props} />;
}

export function ResetRuleTypeSelect(props: SelectProps) {
  const { t } = useTranslation('reminders');
  return <Select options={resetRuleTypes.map((k) => ({ value: k, label: t(`ruleType.${k}`) }))} {...props} />;
}

/** Timers in scope by name, with the partner when names repeat across partners. */
export function TimerSelect(props: SelectProps) {
  const { t } = useTranslation('reminders');
  const timers = useTimerOptions();
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('placeholder.timer')}
      loading={timers.isPending}
      options={(timers.data?.data ?? []).map((timer) => ({
        value: timer.id,
        label: `${timer.name} · ${timer.partner.name}`,
        kind: timer.kind as TimerKind,
      }))}
      {...props}
    />
  );
}
