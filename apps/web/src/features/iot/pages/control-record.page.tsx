import type { IotControlRecord } from '@fleetdesk/contracts';
import { Button, Tabs, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { useUrlState } from '../../../shared/ui/url-state.ts';
import { assetUrls } from '../../assets/urls.ts';
import { controlRecordQuery, useControlRecords } from '../api.ts';
import { ControlRecordDrawer } from '../components/control-record.drawer.tsx';
import { ControlRecordFilters } from '../components/control-record-filters.tsx';
import { ControlStatusTag } from '../components/control-status-tag.tsx';
import { failedReasonText, recordSubject } from '../components/record-labels.ts';
import { controlRecordList, controlRecordScreen } from '../urls.ts';

const none = <Typography.Text type="secondary">—</Typography.Text>;

/** /asset/control-record: the commands and configs sent to devices, newest first, with a detail drawer. */
export default function ControlRecordPage() {
  const { t } = useTranslation('iot');
  const [screen, setScreen] = useUrlState(controlRecordScreen);
  const kind = screen.tab;
  const list = useListState(controlRecordList);
  const query = useMemo(() => controlRecordQuery(kind, list.query), [kind, list.query]);
  const result = useControlRecords(kind, query);
  const open = (id: string) => setScreen({ record: id });

  const columns: ListColumn<IotControlRecord>[] = [
    {
      key: 'requestedAt',
      title: t('field.requestedAt'),
      dataIndex: 'requestedAt',
      sortKey: 'requestedAt',
      alwaysVisible: true,
      render: (value: string, r) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => open(r.id)}
          aria-label={t('action.open', { asset: r.assetNo, time: formatDateTime(value) })}
        >
          {formatDateTime(value)}
        </Button>
      ),
    },
    {
      key: 'assetNo',
      title: t('field.assetNo'),
      dataIndex: 'assetNo',
      render: (no: string) => <Link to={assetUrls.detail(no)}>{no}</Link>,
    },
    { key: 'deviceNo', title: t('field.deviceNo'), dataIndex: 'deviceNo', defaultHidden: true },
    {
      key: 'subject',
      title: kind === 'command' ? t('field.command') : t('field.config'),
      render: (_, r) => recordSubject(t, r),
      exportValue: (r) => recordSubject(t, r),
    },
    {
      key: 'channel',
      title: t('field.channel'),
      render: (_, r) => t(`channel.${r.channel}`),
      exportValue: (r) => r.channel,
    },
    {
      key: 'initiator',
      title: t('field.initiator'),
      render: (_, r) => t(`initiator.${r.initiator}`),
      exportValue: (r) => r.initiator,
    },
    {
      key: 'staff',
      title: t('field.staff'),
      render: (_, r) => r.staff?.name ?? none,
      exportValue: (r) => r.staff?.name ?? '',
    },
    {
      key: 'status',
      title: t('field.status'),
      render: (_, r) => <ControlStatusTag status={r.status} />,
      exportValue: (r) => r.status,
    },
    {
      key: 'replyStatus',
      title: t('field.replyStatus'),
      defaultHidden: true,
      render: (_, r) => (r.replyStatus ? t(`replyStatus.${r.replyStatus}`) : none),
      exportValue: (r) => r.replyStatus ?? '',
    },
    {
      key: 'failedReason',
      title: t('field.failedReason'),
      render: (_, r) => failedReasonText(t, r) || none,
      exportValue: (r) => r.failedReason ?? '',
    },
    { key: 'attempts', title: t('field.attempts'), dataIndex: 'attempts', align: 'right', defaultHidden: true },
    {
      key: 'respondedTime',
      title: t('field.respondedTime'),
      dataIndex: 'respondedTime',
      render: (value: string | null) => (value ? formatDateTime(value) : none),
    },
    {
      key: 'expiresAt',
      title: t('field.expiresAt'),
      dataIndex: 'expiresAt',
      defaultHidden: true,
      render: (value: string) => formatDateTime(value),
    },
  ];

  return (
    <PageContainer>
      <Tabs
        activeKey={kind}
        onChange={(tab) => setScreen({ tab: tab as typeof kind, record: undefined, pageNo: 1 })}
        items={[
          { key: 'command', label: t('tab.command') },
          { key: 'config', label: t('tab.config') },
        ]}
        style={{ marginBottom: -16 }}
      />
      <ListPage
        key={kind}
        title=""
        listKey={kind === 'command' ? 'iotCommandRecords' : 'iotConfigRecords'}
        state={list}
        result={result}
        columns={columns}
        rowKey={(r) => r.id}
        filters={<ControlRecordFilters kind={kind} />}
        emptyText={t('empty')}
      />
      <ControlRecordDrawer kind={kind} id={screen.record} onClose={() => setScreen({ record: undefined })} />
    </PageContainer>
  );
}
