import { timerEndpoints } from '@fleetdesk/contracts';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { useTimerOptions } from '../../reminders/api.ts';

/** Filter fields both reminder-log screens share; their names are keys of each list's URL state. */
export function PartnerFilterItem() {
  const { t } = useTranslation('reminder-logs');
  const partners = usePartnerOptions();
  return (
    <Form.Item name="partnerIdIn" label={t('field.partner')}>
      <Select
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('filter.any')}
        loading={partners.isPending}
        options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        style={{ minWidth: 200 }}
      />
    </Form.Item>
  );
}

/** The timers of the chosen partners; shown only to those who may read timers (the log permission alone does not). */
export function TimerFilterItem() {
  const { t } = useTranslation('reminder-logs');
  const canRead = useCan(requirementOf(timerEndpoints.list));
  const partnerIdIn = (Form.useWatch('partnerIdIn') as string[] | undefined) ?? [];
  const timers = useTimerOptions(partnerIdIn, canRead);
  if (!canRead) return null;
  return (
    <Form.Item name="timerId" label={t('field.timer')}>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('filter.any')}
        loading={timers.isPending}
        options={(timers.data?.data ?? []).map((timer) => ({
          value: timer.id,
          label: partnerIdIn.length === 1 ? timer.name : `${timer.name} · ${timer.partner.name}`,
        }))}
        style={{ width: 220 }}
      />
    </Form.Item>
  );
}

export function AssetNoFilterItem() {
  const { t } = useTranslation('reminder-logs');
  return (
    <Form.Item name="assetNo" label={t('field.asset')}>
      <Input allowClear maxLength={64} style={{ width: 150 }} />
    </Form.Item>
  );
}
