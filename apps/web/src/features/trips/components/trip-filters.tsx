import { tripStatuses } from '@fleetdesk/contracts';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { RangeFilterItem } from '../../../shared/ui/range-filter-item.tsx';
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
      <RangeFilterItem name="started" label={t('field.startTime')} withTime />
    </>
  );
}
