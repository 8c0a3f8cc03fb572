import type { Asset, AssetFieldLog } from '@fleetdesk/contracts';
import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { FieldLogTable } from '../../../shared/ui/field-log-table.tsx';
import { useAssetFieldLogs, useSiteOptions } from '../api.ts';

/** Who changed which field, newest first (the server's order); property fields show the property's name. */
export function AssetFieldLogCard({ asset }: { asset: Asset }) {
  const { t } = useTranslation('assets');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const logs = useAssetFieldLogs(asset.no, page.pageNo, page.pageSize);
  // Site changes are logged as ids; archived or out-of-scope sites keep showing their id.
  const sites = useSiteOptions();
  const siteNames = new Map((sites.data ?? []).map((s) => [s.id, s.name]));
  const propertyNames = new Map(asset.properties.map((p) => [`properties.${p.property.id}`, p.property.name]));

  const fieldName = (field: string) =>
    propertyNames.get(field) ??
    t(`field.${field}`, { defaultValue: field.startsWith('properties.') ? t('property.removed') : field });

  // Blank values are shown as a dash by the table before this is asked.
  const show = (field: string, value: unknown) => {
    if (field === 'lifeCycleState') return t(`lifeCycle.${String(value)}`, { defaultValue: String(value) });
    if (field === 'usageMode') return t(`usageMode.${String(value)}`, { defaultValue: String(value) });
    if (field === 'siteId')
      return siteNames.get(String(value)) ?? (asset.site && value === asset.site.id ? asset.site.name : String(value));
    if (field === 'partnerId' && value === asset.partner.id) return asset.partner.name;
    if (field === 'categoryId' && value === asset.category.id) return asset.category.name;
    if (field === 'iotVendor') return t(`vendor.${String(value)}`, { defaultValue: String(value) });
    if (field === 'turnoverState') return t(`turnover.${String(value)}`, { defaultValue: String(value) });
    if (field === 'alarmAcknowledged' && value && typeof value === 'object') {
      const ack = value as { code?: string; occurredAt?: string; note?: string };
      return `${ack.code ?? ''} · ${formatDateTime(ack.occurredAt)}: ${ack.note ?? ''}`;
    }
    if (typeof value === 'boolean') return value ? t('yes') : t('no');
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };

  return (
    <Card title={t('card.fieldLog')}>
      <FieldLogTable<AssetFieldLog>
        logs={logs}
        paging={page}
        onPaging={setPage}
        fieldLabel={fieldName}
        show={show}
        testId="asset-field-log"
      />
    </Card>
  );
}
