import { SearchOutlined } from '@ant-design/icons';
import { type AccessRequest, type AccessRequestStatus, userEndpoints } from '@fleetdesk/contracts';
import { Button, Empty, Flex, Form, Input, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { useSignedInProfile } from '../../../shared/profile.ts';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { fetchAllPages, type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { fetchAccessRequestPage, useAccessRequestList } from '../api.ts';
import { AccessRequestApproveModal } from '../components/access-request-approve.modal.tsx';
import { AccessRequestDeclineModal } from '../components/access-request-decline.modal.tsx';
import { accessRequestList, accessRequestStatuses } from '../urls.ts';

const statusColor: Record<AccessRequestStatus, string> = { pending: 'gold', approved: 'green', declined: 'default' };

/** /team/access-request/list: visitors' requests for access, approved into staff members or declined. */
export default function AccessRequestListPage() {
  const { t } = useTranslation('users');
  const list = useListState(accessRequestList);
  const result = useAccessRequestList(list.query);
  const profile = useSignedInProfile();
  const canDecide = useCan(requirementOf(userEndpoints.create));
  const [approving, setApproving] = useState<AccessRequest | null>(null);
  const [declining, setDeclining] = useState<AccessRequest | null>(null);

  const columns: ListColumn<AccessRequest>[] = [
    { key: 'name', title: t('field.name'), dataIndex: 'name', alwaysVisible: true },
    { key: 'email', title: t('field.email'), dataIndex: 'email' },
    { key: 'partnerName', title: t('accessRequest.partnerName'), dataIndex: 'partnerName' },
    {
      key: 'message',
      title: t('accessRequest.message'),
      dataIndex: 'message',
      render: (text: string | null) =>
        text ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ margin: 0, maxWidth: 280 }}>
            {text}
          </Typography.Paragraph>
        ) : null,
    },
    {
      key: 'status',
      title: t('accessRequest.status'),
      render: (_, r) => <Tag color={statusColor[r.status]}>{t(`accessRequest.status.${r.status}`)}</Tag>,
      exportValue: (r) => r.status,
    },
    dateTimeColumn('createdAt', t('accessRequest.createdAt'), { sortKey: 'createdAt' }),
    {
      key: 'decided',
      title: t('accessRequest.decided'),
      render: (_, r) =>
        r.decidedAt ? (
          <span>
            {formatDateTime(r.decidedAt)}
            {r.decidedBy ? ` · ${r.decidedBy.name}` : ''}
            {r.user ? ` · ${r.user.username}` : ''}
          </span>
        ) : null,
      exportValue: (r) => r.decidedAt ?? '',
    },
  ];
  if (canDecide) {
    columns.push({
      key: 'actions',
      title: t('column.actions'),
      alwaysVisible: true,
      noExport: true,
      fixed: 'right',
      render: (_, r) =>
        r.status === 'pending' ? (
          <Flex gap={0} wrap={false}>
            <Button
              type="link"
              size="small"
              onClick={() => setApproving(r)}
              aria-label={t('accessRequest.approveOf', { name: r.name })}
            >
              {t('accessRequest.approve')}
            </Button>
            <Button
              type="link"
              size="small"
              danger
              onClick={() => setDeclining(r)}
              aria-label={t('accessRequest.declineOf', { name: r.name })}
            >
              {t('accessRequest.decline')}
            </Button>
          </Flex>
        ) : null,
    });
  }

  return (
    <>
      <ListPage
        listKey="access-requests"
        state={list}
        result={result}
        columns={columns}
        rowKey={(r) => r.id}
        emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('accessRequest.empty')} />}
        filters={
          <>
            <Form.Item name="status" label={t('accessRequest.status')}>
              <Select
                allowClear
                style={{ minWidth: 160 }}
                placeholder={t('accessRequest.anyStatus')}
                options={accessRequestStatuses.map((s) => ({ value: s, label: t(`accessRequest.status.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="search" label={t('filter.search')}>
              <Input
                allowClear
                prefix={<SearchOutlined />}
                placeholder={t('accessRequest.searchPlaceholder')}
                maxLength={100}
              />
            </Form.Item>
          </>
        }
        exportFileName={t('accessRequest.exportFile')}
        exportRows={() =>
          fetchAllPages((pageNo, pageSize) => fetchAccessRequestPage({ ...list.query, pageNo, pageSize }))
        }
      />
      <AccessRequestApproveModal
        request={approving}
        callerScope={profile?.partnerScope}
        onClose={() => setApproving(null)}
      />
      <AccessRequestDeclineModal request={declining} onClose={() => setDeclining(null)} />
    </>
  );
}
