import {
  type ChecklistRecordSummary,
  checklistEndpoints,
  checklistRecordEndpoints,
  checklistRecordStatuses,
} from '@fleetdesk/contracts';
import { Empty, Form, Input, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { RangeFilterItem } from '../../../shared/ui/range-filter-item.tsx';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { useChecklistOptions, useRecordList } from '../api.ts';
import { isFiltered, recordListQueryOf } from '../components/record-list.model.ts';
import { DurationText, RecordStatusTag } from '../components/record-status-tag.tsx';
import { recordList, recordUrls, ticketDetailUrl } from '../urls.ts';

/**
 * /checklist/record: the checklist records of the partners in scope — asset, checklist, creator, finish time,
 * duration, what the customer is charged (read_cost only), status and ticket — filtered by partner, checklist,
 * asset number, status and finish range, sorted and paged; cards on a phone.
 */
export default function RecordListPage() {
  const { t } = useTranslation('checklist-records');
  const list = useListState(recordList);
  const query = useMemo(() => recordListQueryOf(list.query), [list.query]);
  const result = useRecordList(query);
  const partners = usePartnerOptions();
  const canReadChecklists = useCan(requirementOf(checklistEndpoints.list));
  const checklists = useChecklistOptions(undefined, canReadChecklists);
  const canReadCost = useCan(requirementOf(checklistRecordEndpoints.costStatement));
  const canOpen = useCan(requirementOf(checklistRecordEndpoints.get));
  const price = usePriceLabels();

  const columns: ListColumn<ChecklistRecordSummary>[] = [
    {
      key: 'asset',
      title: t('field.asset'),
      alwaysVisible: true,
      exportValue: (r) => r.asset.no,
      render: (_, r) =>
        canOpen ? (
          <Link
            to={recordUrls.detail(r.id)}
            aria-label={t('list.open', { assetNo: r.asset.no, checklist: r.checklist.name })}
          >
            {r.asset.no}
          </Link>
        ) : (
          r.asset.no
        ),
    },
    {
      key: 'status',
      title: t('field.status'),
      exportValue: (r) => t(`status.${r.status}`),
      render: (_, r) => <RecordStatusTag status={r.status} excluded={r.excludedAt !== null} />,
    },
    {
      key: 'checklist',
      title: t('field.checklist'),
      card: 'figure',
      exportValue: (r) => r.checklist.name,
      render: (_, r) => r.checklist.name,
    },
    {
      key: 'partner',
      title: t('field.partner'),
      defaultHidden: true,
      exportValue: (r) => r.partner.name,
      render: (_, r) => r.partner.name,
    },
    {
      key: 'creator',
      title: t('field.creator'),
      exportValue: (r) => r.creator?.name ?? '',
      render: (_, r) => r.creator?.name ?? '—',
    },
    {
      key: 'finalizedAt',
      title: t('field.finalizedAt'),
      sortKey: 'finalizedAt',
      card: 'figure',
      exportValue: (r) => r.finalizedAt ?? '',
      render: (_, r) =>
        r.finalizedAt ? formatDateTime(r.finalizedAt) : <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: 'duration',
      title: t('field.duration'),
      sortKey: 'durationMinutes',
      align: 'right',
      exportValue: (r) => r.durationMinutes,
      render: (_, r) => <DurationText minutes={r.durationMinutes} />,
    },
    ...(canReadCost
      ? [
          {
            key: 'charge',
            title: t('field.charge'),
            align: 'right',
            card: 'figure',
            exportValue: (r: ChecklistRecordSummary) => r.chargeTotal ?? '',
            render: (_: unknown, r: ChecklistRecordSummary) =>
              r.chargeTotal === null ? '—' : price.money(r.chargeTotal, r.currency),
          } satisfies ListColumn<ChecklistRecordSummary>,
        ]
      : []),
    {
      key: 'ticket',
      title: t('field.ticket'),
      exportValue: (r) => r.ticket?.ticketNo ?? '',
      render: (_, r) => (r.ticket ? <Link to={ticketDetailUrl(r.ticket.id)}>{r.ticket.ticketNo}</Link> : '—'),
    },
    {
      key: 'createdAt',
      title: t('field.createdAt'),
      sortKey: 'createdAt',
      defaultHidden: true,
      exportValue: (r) => r.createdAt,
      render: (_, r) => formatDateTime(r.createdAt),
    },
  ];

  return (
    <ListPage
      listKey="checklistRecords"
      state={list}
      result={result}
      columns={columns}
      rowKey={(r) => r.id}
      emptyText={
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={isFiltered(list.filters) ? t('list.emptyFiltered') : t('list.empty')}
        />
      }
      filters={
        <>
          <Form.Item name="assetNo" label={t('field.assetNo')}>
            <Input allowClear placeholder={t('filter.assetNoPlaceholder')} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="partnerId" label={t('field.partner')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ minWidth: 180 }}
              placeholder={t('filter.any')}
              loading={partners.isPending}
              options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
          {canReadChecklists && (
            <Form.Item name="checklistId" label={t('field.checklist')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ minWidth: 200 }}
                placeholder={t('filter.any')}
                loading={checklists.isPending}
                options={(checklists.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
          )}
          <Form.Item name="status" label={t('field.status')}>
            <Select
              allowClear
              style={{ minWidth: 120 }}
              placeholder={t('filter.any')}
              options={checklistRecordStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
          </Form.Item>
          <RangeFilterItem name="finished" label={t('field.finalizedAt')} withTime />
        </>
      }
    />
  );
}
