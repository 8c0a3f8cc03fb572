import {
  type Asset,
  type ChecklistRecordSummary,
  type CustomerTicketSummary,
  checklistRecordEndpoints,
  customerTicketEndpoints,
} from '@fleetdesk/contracts';
import { Card, Empty, Table, type TableColumnsType, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { useAssetRecords, useAssetTickets } from '../../checklist-records/api.ts';
import { DurationText, RecordStatusTag } from '../../checklist-records/components/record-status-tag.tsx';
import { recordUrls, ticketDetailUrl } from '../../checklist-records/urls.ts';

const PAGE_SIZE = 5;

/**
 * The asset detail's "Service" tab (issue 22): the asset's service tickets and its checklist records, newest first,
 * each linking to its detail page. A tab shows only to those who may read its list; the card not at all otherwise.
 */
export function AssetServiceCard({ asset }: { asset: Asset }) {
  const { t } = useTranslation('checklist-records');
  const canReadTickets = useCan(requirementOf(customerTicketEndpoints.list));
  const canReadRecords = useCan(requirementOf(checklistRecordEndpoints.assetRecords));
  if (!canReadTickets && !canReadRecords) return null;
  const tabs = [
    ...(canReadTickets
      ? [{ key: 'tickets', label: t('service.tickets'), children: <AssetTickets assetNo={asset.no} /> }]
      : []),
    ...(canReadRecords
      ? [{ key: 'records', label: t('service.records'), children: <AssetRecords assetNo={asset.no} /> }]
      : []),
  ];
  return (
    <Card title={t('service.title')} data-testid="asset-service">
      <Tabs items={tabs} />
    </Card>
  );
}

function AssetTickets({ assetNo }: { assetNo: string }) {
  const { t } = useTranslation('checklist-records');
  const [pageNo, setPageNo] = useState(1);
  const tickets = useAssetTickets(assetNo, pageNo, PAGE_SIZE, true);
  const columns: TableColumnsType<CustomerTicketSummary> = [
    {
      key: 'ticketNo',
      title: t('service.ticketNo'),
      render: (_, ticket) => <Link to={ticketDetailUrl(ticket.id)}>{ticket.ticketNo}</Link>,
    },
    { key: 'status', title: t('field.status'), render: (_, ticket) => <Tag>{t(`ticketStatus.${ticket.status}`)}</Tag> },
    { key: 'center', title: t('service.center'), responsive: ['sm'], render: (_, ticket) => ticket.center?.name ?? '' },
    {
      key: 'mechanic',
      title: t('service.mechanic'),
      responsive: ['md'],
      render: (_, ticket) => ticket.mechanic?.name ?? '—',
    },
    { key: 'createdAt', title: t('field.createdAt'), render: (_, ticket) => formatDateTime(ticket.createdAt) },
  ];
  return (
    <ServiceTable
      columns={columns}
      result={tickets}
      pageNo={pageNo}
      onPage={setPageNo}
      empty={tickets.isError ? t('service.loadFailed') : t('service.noTickets')}
    />
  );
}

function AssetRecords({ assetNo }: { assetNo: string }) {
  const { t } = useTranslation('checklist-records');
  const [pageNo, setPageNo] = useState(1);
  const records = useAssetRecords(assetNo, pageNo, PAGE_SIZE, true);
  const canOpen = useCan(requirementOf(checklistRecordEndpoints.get));
  const columns: TableColumnsType<ChecklistRecordSummary> = [
    {
      key: 'checklist',
      title: t('field.checklist'),
      render: (_, r) => (canOpen ? <Link to={recordUrls.detail(r.id)}>{r.checklist.name}</Link> : r.checklist.name),
    },
    {
      key: 'status',
      title: t('field.status'),
      render: (_, r) => <RecordStatusTag status={r.status} excluded={r.excludedAt !== null} />,
    },
    {
      key: 'ticket',
      title: t('field.ticket'),
      responsive: ['sm'],
      render: (_, r) => (r.ticket ? <Link to={ticketDetailUrl(r.ticket.id)}>{r.ticket.ticketNo}</Link> : '—'),
    },
    { key: 'creator', title: t('field.creator'), responsive: ['md'], render: (_, r) => r.creator?.name ?? '—' },
    {
      key: 'finalizedAt',
      title: t('field.finalizedAt'),
      render: (_, r) => (r.finalizedAt ? formatDateTime(r.finalizedAt) : '—'),
    },
    {
      key: 'duration',
      title: t('field.duration'),
      responsive: ['lg'],
      render: (_, r) => <DurationText minutes={r.durationMinutes} />,
    },
  ];
  return (
    <ServiceTable
      columns={columns}
      result={records}
      pageNo={pageNo}
      onPage={setPageNo}
      empty={records.isError ? t('service.loadFailed') : t('service.noRecords')}
    />
  );
}

/** One small paged table of the card: five rows a page, the page kept in the card (not the asset's URL). */
function ServiceTable<Row extends { id: string }>({
  columns,
  result,
  pageNo,
  onPage,
  empty,
}: {
  columns: TableColumnsType<Row>;
  result: { data?: { data: Row[]; count: number }; isPending: boolean };
  pageNo: number;
  onPage: (pageNo: number) => void;
  empty: string;
}) {
  return (
    <Table<Row>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={result.data?.data}
      loading={result.isPending}
      pagination={{
        current: pageNo,
        pageSize: PAGE_SIZE,
        total: result.data?.count ?? 0,
        hideOnSinglePage: true,
        showSizeChanger: false,
        onChange: onPage,
      }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
    />
  );
}
