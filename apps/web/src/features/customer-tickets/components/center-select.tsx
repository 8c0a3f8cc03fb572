import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTicketSiteOptions } from '../api.ts';

/**
 * The service-centre picker: live service-centre sites, of one partner when given (a B2C ticket is opened at a centre
 * of the asset's partner), else every one the caller may read (the B2B check-in names the workshop's centre).
 */
export function CenterSelect({
  partnerId,
  value,
  onChange,
  id,
}: {
  partnerId?: string;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const { t } = useTranslation('customer-tickets');
  const sites = useTicketSiteOptions();
  const centers = (sites.data ?? []).filter(
    (s) => s.type === 'service-center' && (partnerId === undefined || s.partnerId === partnerId),
  );
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      showSearch={{ optionFilterProp: 'label' }}
      loading={sites.isPending}
      options={centers.map((c) => ({ value: c.id, label: c.name }))}
      placeholder={t(partnerId === undefined ? 'checkIn.centerPlaceholder' : 'new.centerPlaceholder')}
      aria-label={t('field.center')}
      data-testid="center-select"
      notFoundContent={sites.isPending ? undefined : t(partnerId === undefined ? 'checkIn.noCenters' : 'new.noCenters')}
    />
  );
}
