import { iotChannels, iotCommands, iotControlStatuses, iotInitiators } from '@fleetdesk/contracts';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { RangeFilterItem } from '../../../shared/ui/range-filter-item.tsx';
import type { ControlRecordKind } from '../api.ts';

/** The filter fields of the control-record list (names are keys of the list's URL state). */
export function ControlRecordFilters({ kind }: { kind: ControlRecordKind }) {
  const { t } = useTranslation('iot');
  return (
    <>
      <Form.Item name="assetNo" label={t('field.assetNo')}>
        <Input allowClear maxLength={40} style={{ width: 160 }} />
      </Form.Item>
      {kind === 'command' && (
        <Form.Item name="command" label={t('field.command')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('filter.any')}
            options={iotCommands.map((c) => ({ value: c, label: t(`command.${c}`) }))}
            style={{ width: 200 }}
          />
        </Form.Item>
      )}
      <Form.Item name="status" label={t('field.status')}>
        <Select
          allowClear
          placeholder={t('filter.any')}
          options={iotControlStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          style={{ width: 140 }}
        />
      </Form.Item>
      <Form.Item name="channel" label={t('field.channel')}>
        <Select
          allowClear
          placeholder={t('filter.any')}
          options={iotChannels.map((c) => ({ value: c, label: t(`channel.${c}`) }))}
          style={{ width: 140 }}
        />
      </Form.Item>
      <Form.Item name="initiator" label={t('field.initiator')}>
        <Select
          allowClear
          placeholder={t('filter.any')}
          options={iotInitiators.map((i) => ({ value: i, label: t(`initiator.${i}`) }))}
          style={{ width: 160 }}
        />
      </Form.Item>
      <RangeFilterItem name="requested" label={t('field.requestedAt')} withTime />
    </>
  );
}
