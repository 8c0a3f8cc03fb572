import { relocationListStatuses } from '@fleetdesk/contracts';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { RangeFilterItem } from '../../../shared/ui/range-filter-item.tsx';
import { useRelocationSites } from '../api.ts';

/** Sites grouped by partner; once a partner is chosen, only its sites. Archived sites say so. */
function SiteFilter({ name, label }: { name: 'fromSiteId' | 'toSiteId'; label: string }) {
  const { t } = useTranslation('relocation-lists');
  const sites = useRelocationSites();
  const partners = usePartnerOptions();
  return (
    <Form.Item noStyle shouldUpdate={(a, b) => a.partnerId !== b.partnerId}>
      {({ getFieldValue }) => {
        const partnerId = getFieldValue('partnerId') as string | undefined;
        const groups = (partners.data ?? [])
          .filter((p) => !partnerId || p.id === partnerId)
          .map((p) => ({
            label: p.name,
            title: p.name,
            options: (sites.data ?? [])
              .filter((s) => s.partnerId === p.id)
              .map((s) => ({
                value: s.id,
                label: s.isArchived ? `${s.name} (${t('filter.archived')})` : s.name,
              })),
          }))
          .filter((g) => g.options.length > 0);
        return (
          <Form.Item name={name} label={label}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('filter.anySite')}
              loading={sites.isPending}
              options={groups}
              style={{ width: 200 }}
            />
          </Form.Item>
        );
      }}
    </Form.Item>
  );
}

/** The filter fields of the relocation list (names are keys of the list's URL state). */
export function RelocationFilters() {
  const { t } = useTranslation('relocation-lists');
  const partners = usePartnerOptions();
  return (
    <>
      <Form.Item name="partnerId" label={t('field.partner')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filter.anyPartner')}
          loading={partners.isPending}
          options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          style={{ width: 200 }}
        />
      </Form.Item>
      <SiteFilter name="fromSiteId" label={t('field.fromSite')} />
      <SiteFilter name="toSiteId" label={t('field.toSite')} />
      <Form.Item name="status" label={t('field.status')}>
        <Select
          allowClear
          placeholder={t('filter.anyStatus')}
          options={relocationListStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          style={{ width: 140 }}
        />
      </Form.Item>
      <RangeFilterItem name="checkout" label={t('field.checkoutAt')} />
    </>
  );
}
