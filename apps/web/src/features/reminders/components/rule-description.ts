import type { ResetRule } from '@fleetdesk/contracts';
import { useTranslation } from 'react-i18next';

/** Built-in asset fields a rule may watch → their value labels in the assets namespace. */
export const builtInValuePrefix: Record<string, string> = {
  lifeCycleState: 'lifeCycle',
  turnoverState: 'turnover',
  usageMode: 'usageMode',
};

/** A rule in one line: "Checklist Tyres finalized", "Lifecycle state becomes Ready", "By hand with a note". */
export function useRuleDescription() {
  const { t } = useTranslation('reminders');
  const assets = useTranslation('assets').t;
  return (rule: ResetRule): string => {
    if (rule.type === 'checklistRecord') {
      return rule.workItem
        ? t('resetsWhen.workItem', { name: rule.workItem.name })
        : t('resetsWhen.checklist', { name: rule.checklist?.name ?? '' });
    }
    if (rule.type === 'assetProperty') {
      const prefix = rule.property ? builtInValuePrefix[rule.property] : undefined;
      const property = prefix ? t(`property.${rule.property}`) : (rule.propertyName ?? rule.property ?? '');
      const value = prefix ? assets(`${prefix}.${rule.propertyValue}`) : (rule.propertyValue ?? '');
      return t('resetsWhen.property', { property, value });
    }
    return t('resetsWhen.manual');
  };
}
