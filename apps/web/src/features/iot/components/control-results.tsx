import type { IotControlRecord } from '@fleetdesk/contracts';
import { Alert, Flex, Spin, Table, type TableColumnType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { isApiError } from '../../../shared/http.ts';
import { assetUrls } from '../../assets/urls.ts';
import { type ControlRecordKind, useFollowedRecords } from '../api.ts';
import { ControlStatusTag } from './control-status-tag.tsx';
import { configOutcomeUnknown, failedReasonText, recordSubject } from './record-labels.ts';

const none = <Typography.Text type="secondary">—</Typography.Text>;

/**
 * The records one batch created, one row per asset, refreshed every second until none is pending. A device
 * answers within seconds; a pending row keeps waiting until the command's time-to-live settles it. When the
 * follow-up is refused (the permission or the scope changed meanwhile) the rows stay as last seen, and say so.
 */
export function ControlResults({ kind, records }: { kind: ControlRecordKind; records: IotControlRecord[] }) {
  const { t } = useTranslation('iot');
  const followed = useFollowedRecords(kind, records);
  const rows = followed.data ?? records;
  const pending = rows.filter((r) => r.status === 'pending').length;
  // A device that did not answer may or may not have applied the config: the reader checks it later.
  const verify = rows.some(configOutcomeUnknown);

  const columns: TableColumnType<IotControlRecord>[] = [
    {
      key: 'assetNo',
      title: t('field.assetNo'),
      dataIndex: 'assetNo',
      render: (no: string) => <Link to={assetUrls.detail(no)}>{no}</Link>,
    },
    {
      key: 'subject',
      title: kind === 'command' ? t('field.command') : t('field.config'),
      render: (_, r) => recordSubject(t, r),
    },
    { key: 'status', title: t('field.status'), render: (_, r) => <ControlStatusTag status={r.status} /> },
    { key: 'failedReason', title: t('field.failedReason'), render: (_, r) => failedReasonText(t, r) || none },
    { key: 'attempts', title: t('field.attempts'), dataIndex: 'attempts', align: 'right' },
    {
      key: 'respondedTime',
      title: t('field.respondedTime'),
      render: (_, r) => (r.respondedTime ? formatDateTime(r.respondedTime) : none),
    },
  ];

  return (
    <Flex vertical gap={8}>
      {verify && (
        <Alert type="warning" showIcon role="alert" title={t('results.verifyConfig')} data-testid="verify-config" />
      )}
      {followed.error ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={
            isApiError(followed.error) && (followed.error.status === 403 || followed.error.status === 404)
              ? t('results.refused')
              : t('results.failed')
          }
        />
      ) : (
        <Typography.Text type="secondary" data-testid="control-results-summary">
          {pending > 0 ? (
            <Flex gap={8} align="center">
              <Spin size="small" />
              {t('results.waiting', { count: pending })}
            </Flex>
          ) : (
            t('results.settled', { count: rows.length })
          )}
        </Typography.Text>
      )}
      <div data-testid="control-results">
        <Table<IotControlRecord>
          size="small"
          rowKey={(r) => r.id}
          columns={columns}
          dataSource={rows}
          pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
        />
      </div>
    </Flex>
  );
}
