import { currencyCodes, timezoneOffsets } from '@fleetdesk/contracts';
import { AutoComplete, Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n.ts';

type Controlled<V> = { value?: V; onChange?: (value: V) => void; 'aria-label'?: string; id?: string };

/** Partners in scope that have no setting yet (one setting per partner). */
export function PartnerSelect({
  options,
  loading,
  ...props
}: Controlled<string> & { options: { id: string; name: string }[]; loading?: boolean }) {
  const { t } = useTranslation('operations');
  return (
    <Select
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      placeholder={t('placeholder.partner')}
      notFoundContent={t('placeholder.noPartnerLeft')}
      options={options.map((p) => ({ value: p.id, label: p.name }))}
      style={{ width: '100%' }}
    />
  );
}

/** One of a contract enum, labelled from `<prefix>.<value>` of this feature's namespace. */
export function EnumSelect({
  values,
  prefix,
  ...props
}: Controlled<string> & { values: readonly string[]; prefix: string }) {
  const { t } = useTranslation('operations');
  return (
    <Select
      {...props}
      options={values.map((value) => ({ value, label: t(`${prefix}.${value}`) }))}
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
    />
  );
}

/** ISO 4217 currencies named in the interface language ("EUR · Euro"), searchable by code or name. */
export function CurrencySelect(props: Controlled<string>) {
  const { t } = useTranslation('operations');
  const locale = currentLocale();
  const options: SelectProps['options'] = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'currency' });
    return currencyCodes.map((code) => ({ value: code, label: `${code} · ${names.of(code) ?? code}` }));
  }, [locale]);
  return (
    <Select
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      placeholder={t('placeholder.currency')}
      options={options}
      style={{ width: '100%' }}
      popupMatchSelectWidth={280}
    />
  );
}

/**
 * "+HH:MM" typed or picked: free typing is allowed so a half-typed offset reads "Timezone must be full
 * fill" instead of silently vanishing.
 */
export function TimezoneInput(props: Controlled<string>) {
  const { t } = useTranslation('operations');
  const options = useMemo(() => timezoneOffsets.map((value) => ({ value })), []);
  return (
    <AutoComplete
      {...props}
      options={options}
      allowClear
      placeholder={t('placeholder.timezone')}
      showSearch={{
        filterOption: (input, option) => String(option?.value ?? '').includes(input.trim()),
      }}
      style={{ width: '100%' }}
    />
  );
}
