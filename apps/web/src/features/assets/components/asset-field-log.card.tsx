import type { Asset, AssetFieldLog } from '@fleetdesk/contracts';
import { Card, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
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

  const show = (field: string, value: unknown) => {
    if (value === null || value === undefined || value === '')
      return <Typography.Text type="secondary">—</Typography.Text>;
    if (field === 'lifeCycleState') return t(`lifeCycle.${String(value)}`, { defaultValue: String(value) });
    if (field === 'usageMode') return t(`usageMode.${String(value)}`, { defaultValue: String(value) });
    if (field === 'siteId')
      return siteNames.get(String(value)) ?? (value === asset.site?.id ? asset.site.name : String(value));
    if (field === 'partnerId' && value === asset.partner.id) return asset.partner.name;
    if (field === 'categoryId' && value === asset.category.id) return asset.category.name;
    if (field === 'iotVendor') return t(`vendor.${String(value)}`, { defaultValue: String(value) });
    if (field === 'turnoverState') return t(`turnover.${String(value)}`, { defaultValue: String(value) });
    if (typeof value === 'boolean') return value ? t('yes') : t('no');
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };

  return (
    <Card title={t('card.fieldLog')}>
      <Table<AssetFieldLog>
        rowKey="id"
        size="small"
        loading={logs.isLoading}
        dataSource={logs.data?.data ?? []}
        locale={{ emptyText: t('fieldLog.empty') }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: logs.data?.count ?? 0,
          showSizeChanger: true,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          { key: 'when', title: t('fieldLog.when'), render: (_, r) => formatDateTime(r.createdAt), width: 180 },
          { key: 'who', title: t('fieldLog.who'), render: (_, r) => r.user?.name ?? t('fieldLog.system') },
          { key: 'field', title: t('fieldLog.field'), render: (_, r) => fieldName(r.field) },
          {
            key: 'change',
            title: t('fieldLog.change'),
            render: (_, r) => (
              <span>
                {show(r.field, r.before)} → {show(r.field, r.after)}
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}
