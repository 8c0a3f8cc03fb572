import type { IotControlRecord } from '@fleetdesk/contracts';
import { Alert, Descriptions, type DescriptionsProps, Drawer, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { isApiError } from '../../../shared/http.ts';
import { assetUrls } from '../../assets/urls.ts';
import { type ControlRecordKind, useControlRecord } from '../api.ts';
import { ControlStatusTag } from './control-status-tag.tsx';
import { configOutcomeUnknown, describeConfigItem, failedReasonText, recordSubject } from './record-labels.ts';

const none = <Typography.Text type="secondary">—</Typography.Text>;

/** Every field of one control record (document 2 §3), config records with their items. */
export function ControlRecordDrawer({
  kind,
  id,
  onClose,
}: {
  kind: ControlRecordKind;
  id: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('iot');
  const record = useControlRecord(kind, id);
  const r = record.data;

  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      size="large"
      title={kind === 'command' ? t('detail.commandTitle') : t('detail.configTitle')}
      destroyOnHidden
    >
      {record.isPending && id ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : record.error ? (
        <Alert
          type="error"
          showIcon
          title={isApiError(record.error) && record.error.status !== 404 ? record.error.message : t('detail.missing')}
        />
      ) : r ? (
        <RecordDescriptions record={r} />
      ) : null}
    </Drawer>
  );
}

function RecordDescriptions({ record: r }: { record: IotControlRecord }) {
  const { t } = useTranslation('iot');
  const time = (value: string | null) => (value ? formatDateTime(value) : none);
  const items: DescriptionsProps['items'] = [
    { key: 'id', label: t('field.id'), children: <Typography.Text copyable>{r.id}</Typography.Text> },
    { key: 'asset', label: t('field.assetNo'), children: <Link to={assetUrls.detail(r.assetNo)}>{r.assetNo}</Link> },
    { key: 'device', label: t('field.deviceNo'), children: r.deviceNo ?? none },
    r.kind === 'command'
      ? { key: 'command', label: t('field.command'), children: recordSubject(t, r) }
      : { key: 'config', label: t('field.config'), children: recordSubject(t, r) },
    { key: 'channel', label: t('field.channel'), children: t(`channel.${r.channel}`) },
    { key: 'initiator', label: t('field.initiator'), children: t(`initiator.${r.initiator}`) },
    { key: 'staff', label: t('field.staff'), children: r.staff?.name ?? none },
    { key: 'customer', label: t('field.customer'), children: r.customerId ?? none },
    { key: 'order', label: t('field.order'), children: r.rentingOrderId ?? none },
    { key: 'requestedAt', label: t('field.requestedAt'), children: time(r.requestedAt) },
    { key: 'respondedTime', label: t('field.respondedTime'), children: time(r.respondedTime) },
    { key: 'expiresAt', label: t('field.expiresAt'), children: time(r.expiresAt) },
    { key: 'status', label: t('field.status'), children: <ControlStatusTag status={r.status} /> },
    {
      key: 'replyStatus',
      label: t('field.replyStatus'),
      children: r.replyStatus ? t(`replyStatus.${r.replyStatus}`) : none,
    },
    { key: 'failedReason', label: t('field.failedReason'), children: failedReasonText(t, r) || none },
    { key: 'syncStatus', label: t('field.syncStatus'), children: t(`syncStatus.${r.syncStatus}`) },
    { key: 'attempts', label: t('field.attempts'), children: r.attempts },
  ];
  const config = Object.entries(r.config ?? {});
  return (
    <Flex vertical gap={16}>
      {configOutcomeUnknown(r) && <Alert type="warning" showIcon role="alert" title={t('results.verifyConfig')} />}
      <Descriptions bordered size="small" column={1} items={items} />
      {r.kind === 'config' && (
        <Descriptions
          bordered
          size="small"
          column={1}
          title={t('detail.configItems')}
          items={
            config.length > 0
              ? config.map(([item, value]) => ({
                  key: item,
                  label: t(`config.${item}`, { defaultValue: item }),
                  children: describeConfigItem(t, item, value),
                }))
              : [{ key: 'none', label: t('field.config'), children: t('config.none') }]
          }
        />
      )}
    </Flex>
  );
}
