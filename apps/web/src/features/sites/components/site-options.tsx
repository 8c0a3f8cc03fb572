import { siteTypes } from '@fleetdesk/contracts';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { useTaxGroupOptions } from '../api.ts';

/** Partners in the caller's scope. */
export function PartnerSelect(props: SelectProps) {
  const { t } = useTranslation('sites');
  const partners = usePartnerOptions();
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('placeholder.partner')}
      loading={partners.isPending}
      options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      {...props}
    />
  );
}

export function SiteTypeSelect(props: SelectProps) {
  const { t } = useTranslation('sites');
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('placeholder.type')}
      options={siteTypes.map((type) => ({ value: type, label: t(`type.${type}`) }))}
      {...props}
    />
  );
}

/** Tax groups as "IVA 22% (Italy standard VAT)"; the country first so a long list stays readable. */
export function TaxGroupSelect(props: SelectProps) {
  const { t } = useTranslation('sites');
  const groups = useTaxGroupOptions();
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('placeholder.taxGroup')}
      loading={groups.isPending}
      options={(groups.data ?? []).map((g) => ({ value: g.id, label: `${g.country} · ${g.displayName} (${g.name})` }))}
      {...props}
    />
  );
}
