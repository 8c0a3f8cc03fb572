import { tripStatuses } from '@fleetdesk/contracts';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { useTripCategoryOptions } from '../api.ts';

/** The filter fields of the trip list (names are keys of the list's URL state). */
export function TripFilters() {
  const { t } = useTranslation('trips');
  const partners = usePartnerOptions();
  const categories = useTripCategoryOptions();
  return (
    <>
      <Form.Item name="assetNo" label={t('field.assetNo')}>
        <Input allowClear maxLength={40} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="partnerId" label={t('field.partner')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filter.any')}
          loading={partners.isPending}
          options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item name="categoryId" label={t('field.category')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filter.any')}
          loading={categories.isPending}
          options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          style={{ width: 180 }}
        />
      </Form.Item>
      <Form.Item name="status" label={t('field.status')}>
        <Select
          allowClear
          placeholder={t('filter.any')}
          options={tripStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          style={{ width: 140 }}
        />
      </Form.Item>
      <Form.Item
        name="started"
        label={t('field.startTime')}
        // The URL keeps two ISO instants; the picker works with dayjs values in the user's time zone.
        getValueProps={(value?: string[]) => ({
          value: value && value.length === 2 ? [dayjs(value[0]), dayjs(value[1])] : null,
        })}
        normalize={(value: [Dayjs | null, Dayjs | null] | null) =>
          value?.[0] && value[1] ? [value[0].toISOString(), value[1].toISOString()] : []
        }
      >
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="L HH:mm" allowEmpty={[false, false]} />
      </Form.Item>
    </>
  );
}
