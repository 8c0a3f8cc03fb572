import { type Asset, IOT_ONLINE_WINDOW_MS, type IotControlRecord, iotEndpoints } from '@fleetdesk/contracts';
import {
  Alert,
  Card,
  Descriptions,
  Empty,
  Flex,
  Space,
  Table,
  type TableColumnType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { type ControlRecordKind, useAssetConfigs, useControlRecords } from '../api.ts';
import { controlRecordUrls } from '../urls.ts';
import { CommandMenu } from './command-menu.tsx';
import { ChangeConfigButton } from './config-drawer.tsx';
import { ControlStatusTag } from './control-status-tag.tsx';
import { describeConfigItem, failedReasonText, recordSubject } from './record-labels.ts';

/** How many of the latest records the card lists; the control-record screen has the rest. */
export const LATEST_RECORDS = 5;

const none = <Typography.Text type="secondary">—</Typography.Text>;

/** Document 2 §9: online when the device reported within the last hour. */
export function isOnline(lastUpdateTime: string | null, now = Date.now()): boolean {
  return lastUpdateTime !== null && now - Date.parse(lastUpdateTime) <= IOT_ONLINE_WINDOW_MS;
}

/**
 * The asset detail's device control: presence, commands, config changes, the config the device confirmed and
 * the latest records. Shown only for an asset with a device.
 */
export function AssetControlCard({ asset }: { asset: Asset }) {
  const { t } = useTranslation('iot');
  const canReadRecords = useCan(requirementOf(iotEndpoints.commandRecords));
  const canReadConfigs = useCan(requirementOf(iotEndpoints.configsByAssetNo));
  const configs = useAssetConfigs(asset.no, canReadConfigs);
  if (!asset.iot) return null;
  const online = isOnline(asset.iotState.lastUpdateTime);
  const vendor = asset.iot.vendor;

  return (
    <Card
      title={
        <Space>
          {t('card.title')}
          <Tag color={online ? 'success' : 'default'} data-testid="iot-presence">
            {online ? t('card.online') : t('card.offline')}
          </Tag>
        </Space>
      }
      extra={
        <Space wrap>
          <CommandMenu assetNos={[asset.no]} vendor={vendor} />
          <ChangeConfigButton assetNos={[asset.no]} vendor={vendor} confirmed={configs.data?.config} />
        </Space>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          {t('card.presenceHint', {
            device: asset.iot.deviceNo,
            time: formatDateTime(asset.iotState.lastUpdateTime) || t('card.never'),
          })}
        </Typography.Text>
        {canReadConfigs && <ConfirmedConfig query={configs} />}
        {canReadRecords && <LatestRecords assetNo={asset.no} />}
      </Flex>
    </Card>
  );
}

function ConfirmedConfig({ query }: { query: ReturnType<typeof useAssetConfigs> }) {
  const { t } = useTranslation('iot');
  if (query.error) return <Alert type="error" showIcon title={t('card.configFailed')} />;
  const items = Object.entries(query.data?.config ?? {});
  const pending = query.data?.pending ?? [];
  const pendingTag =
    pending.length > 0 ? <Tag color="processing">{t('card.pendingConfigs', { count: pending.length })}</Tag> : null;
  if (!query.isPending && items.length === 0) {
    return (
      <Flex vertical gap={4}>
        <Typography.Text strong>{t('card.confirmedConfig')}</Typography.Text>
        <Space>
          <Typography.Text type="secondary">{t('card.noConfig')}</Typography.Text>
          {pendingTag}
        </Space>
      </Flex>
    );
  }
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 1, md: 2 }}
      title={t('card.confirmedConfig')}
      extra={pendingTag}
      items={
        query.isPending
          ? [{ key: 'loading', label: t('field.config'), children: t('card.loading') }]
          : items.map(([item, value]) => ({
              key: item,
              label: t(`config.${item}`, { defaultValue: item }),
              children: describeConfigItem(t, item, value),
            }))
      }
    />
  );
}

function RecordTable({ kind, assetNo }: { kind: ControlRecordKind; assetNo: string }) {
  const { t } = useTranslation('iot');
  const records = useControlRecords(kind, {
    assetNo,
    pageNo: 1,
    pageSize: LATEST_RECORDS,
    sort: 'requestedAt:desc',
  });
  if (records.error) return <Alert type="error" showIcon title={t('card.recordsFailed')} />;
  const columns: TableColumnType<IotControlRecord>[] = [
    {
      key: 'requestedAt',
      title: t('field.requestedAt'),
      render: (_, r) => (
        <Link to={controlRecordUrls.list({ tab: kind, assetNo, record: r.id })}>{formatDateTime(r.requestedAt)}</Link>
      ),
    },
    {
      key: 'subject',
      title: kind === 'command' ? t('field.command') : t('field.config'),
      render: (_, r) => recordSubject(t, r),
    },
    { key: 'status', title: t('field.status'), render: (_, r) => <ControlStatusTag status={r.status} /> },
    { key: 'failedReason', title: t('field.failedReason'), render: (_, r) => failedReasonText(t, r) || none },
    { key: 'staff', title: t('field.staff'), render: (_, r) => r.staff?.name ?? t(`initiator.${r.initiator}`) },
  ];
  return (
    <Flex vertical gap={8}>
      <Table<IotControlRecord>
        size="small"
        rowKey={(r) => r.id}
        columns={columns}
        dataSource={records.data?.data ?? []}
        loading={records.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('card.noRecords')} /> }}
      />
      <Link to={controlRecordUrls.list({ tab: kind, assetNo })}>
        {t('card.allRecords', { count: records.data?.count ?? 0 })}
      </Link>
    </Flex>
  );
}

function LatestRecords({ assetNo }: { assetNo: string }) {
  const { t } = useTranslation('iot');
  return (
    <div data-testid="iot-latest-records">
      <Typography.Text strong>{t('card.latestRecords')}</Typography.Text>
      <Tabs
        size="small"
        items={[
          { key: 'command', label: t('tab.command'), children: <RecordTable kind="command" assetNo={assetNo} /> },
          { key: 'config', label: t('tab.config'), children: <RecordTable kind="config" assetNo={assetNo} /> },
        ]}
      />
    </div>
  );
}
