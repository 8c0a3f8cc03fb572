import { ArrowLeftOutlined } from '@ant-design/icons';
import type { AssetDisplayStatus, AssetMapAsset } from '@fleetdesk/contracts';
import { Badge, Button, Descriptions, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { useCategorySummaries } from '../../assets/api.ts';
import { assetUrls } from '../../assets/urls.ts';
import { CommandMenu } from '../../iot/components/command-menu.tsx';
import { statusColors } from './map-model.ts';

export function StatusTag({ status }: { status: AssetDisplayStatus }) {
  const { t } = useTranslation('asset-map');
  return (
    <Tag
      color={statusColors[status]}
      style={{ color: status === 'Missing' ? '#1f1f1f' : undefined, marginInlineEnd: 0 }}
    >
      {t(`status.${status}`)}
    </Tag>
  );
}

/** One asset's popup: its display status, battery, last report, lock, category and partner, and quick commands. */
export function AssetCard({ asset, onBack }: { asset: AssetMapAsset; onBack?: () => void }) {
  const { t } = useTranslation('asset-map');
  const categories = useCategorySummaries();
  const partners = usePartnerOptions();
  const none = t('popup.none');
  const category = categories.data?.find((c) => c.id === asset.categoryId)?.name;
  const partner = partners.data?.find((p) => p.id === asset.partnerId)?.name;
  return (
    <Flex vertical gap={8} style={{ minWidth: 250 }} data-testid="asset-map-popup">
      {onBack && (
        <Button
          type="link"
          size="small"
          icon={<ArrowLeftOutlined />}
          onClick={onBack}
          style={{ padding: 0, alignSelf: 'start' }}
        >
          {t('popup.back')}
        </Button>
      )}
      <Flex justify="space-between" align="center" gap={12}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {asset.no}
        </Typography.Title>
        <StatusTag status={asset.status} />
      </Flex>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'battery',
            label: t('popup.battery'),
            children: asset.chargePct === null ? none : `${asset.chargePct} %`,
          },
          {
            key: 'lastUpdate',
            label: t('popup.lastUpdate'),
            children: asset.iotLastUpdateTime ? formatDateTime(asset.iotLastUpdateTime) : t('popup.never'),
          },
          {
            key: 'lock',
            label: t('popup.lock'),
            children: asset.lockState ? t(`lock.${asset.lockState}`, asset.lockState) : none,
          },
          { key: 'category', label: t('popup.category'), children: category ?? none },
          { key: 'partner', label: t('popup.partner'), children: partner ?? none },
        ]}
      />
      <Flex gap={8} wrap align="center">
        <Link to={assetUrls.detail(asset.no)}>{t('popup.detail')}</Link>
        {/* The device model's commands only; an asset without a device has none to send. */}
        {asset.iotVendor ? (
          <CommandMenu assetNos={[asset.no]} vendor={asset.iotVendor} size="small" />
        ) : (
          <Typography.Text type="secondary">{t('popup.noDevice')}</Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}

/** Co-located assets (document 1: at maximum zoom they open as a list); picking one shows its card. */
export function AssetStackList({ assets, onPick }: { assets: readonly AssetMapAsset[]; onPick: (no: string) => void }) {
  const { t } = useTranslation('asset-map');
  return (
    <Flex vertical gap={4} style={{ minWidth: 250 }} data-testid="asset-map-stack">
      <Typography.Text strong>{t('stack', { count: assets.length })}</Typography.Text>
      <List
        size="small"
        style={{ maxHeight: 260, overflowY: 'auto' }}
        dataSource={assets as AssetMapAsset[]}
        renderItem={(a) => (
          <List.Item style={{ padding: '2px 0' }}>
            <Button type="text" size="small" block style={{ textAlign: 'start' }} onClick={() => onPick(a.no)}>
              <Flex justify="space-between" gap={8} style={{ width: '100%' }}>
                <Badge color={statusColors[a.status]} text={a.no} />
                <Typography.Text type="secondary">
                  {t(`status.${a.status}`)}
                  {a.chargePct === null ? '' : ` · ${a.chargePct} %`}
                </Typography.Text>
              </Flex>
            </Button>
          </List.Item>
        )}
      />
    </Flex>
  );
}

/** The colours of the display statuses, in the order the clusters' rings use. */
export function StatusLegend({ statuses }: { statuses: readonly AssetDisplayStatus[] }) {
  const { t } = useTranslation('asset-map');
  return (
    <Flex vertical gap={2}>
      <Typography.Text strong style={{ fontSize: 12 }}>
        {t('legend')}
      </Typography.Text>
      <ul aria-label={t('legend')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {statuses.map((s) => (
          <li key={s}>
            <Badge color={statusColors[s]} text={<span style={{ fontSize: 12 }}>{t(`status.${s}`)}</span>} />
          </li>
        ))}
      </ul>
    </Flex>
  );
}
