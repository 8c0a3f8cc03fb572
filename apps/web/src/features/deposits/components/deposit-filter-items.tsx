import { categoryEndpoints } from '@fleetdesk/contracts';
import { Empty, Form, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { useCategoryOptions } from '../../pricing/api.ts';

/**
 * One filter of a deposit list (the refund applications, a customer's transactions): a value or "Any". `name` is a
 * key of the list's URL filters, so the choice lands in the URL when searching.
 */
export function ChoiceFilterItem({
  name,
  label,
  options,
  loading,
  searchable = false,
  minWidth = 140,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  loading?: boolean;
  searchable?: boolean;
  minWidth?: number;
}) {
  const { t } = useTranslation('deposits');
  return (
    <Form.Item name={name} label={label}>
      <Select
        allowClear
        showSearch={searchable ? { optionFilterProp: 'label' } : undefined}
        style={{ minWidth }}
        placeholder={t('filter.any')}
        loading={loading}
        options={options}
      />
    </Form.Item>
  );
}

/** A filter of named records (partners, categories), searchable by name. */
function NamedFilterItem({
  name,
  label,
  records,
}: {
  name: string;
  label: string;
  records: { data?: { id: string; name: string }[] | undefined; isPending: boolean };
}) {
  return (
    <ChoiceFilterItem
      name={name}
      label={label}
      searchable
      minWidth={180}
      loading={records.isPending}
      options={(records.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
    />
  );
}

/** The partner filter: the partners in the caller's scope. */
export function PartnerFilterItem() {
  const { t } = useTranslation('deposits');
  return <NamedFilterItem name="partnerId" label={t('field.partner')} records={usePartnerOptions()} />;
}

/** The asset category filter; absent (and the categories not asked for) for a reader who may not list them. */
export function CategoryFilterItem() {
  return useCan(requirementOf(categoryEndpoints.summaries)) ? <CategoryFilterSelect /> : null;
}

function CategoryFilterSelect() {
  const { t } = useTranslation('deposits');
  return <NamedFilterItem name="assetCategoryId" label={t('field.category')} records={useCategoryOptions()} />;
}

/** What an empty deposit list says: nothing yet, or nothing matching the filters. */
export function DepositListEmpty({
  filtered,
  none,
  noMatch,
}: {
  filtered: boolean;
  none: ReactNode;
  noMatch: ReactNode;
}) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? noMatch : none} />;
}
