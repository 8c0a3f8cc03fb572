import type { RelocationList } from '@fleetdesk/contracts';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { fetchAllPages, type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { fetchRelocationPage, relocationQuery, useRelocationLists } from '../api.ts';
import { RelocationFilters } from '../components/relocation-filters.tsx';
import { RelocationStatusTag } from '../components/relocation-status-tag.tsx';
import { relocationList, relocationUrls, shortId } from '../urls.ts';

const none = <Typography.Text type="secondary">—</Typography.Text>;

/** /relocation/list: the relocation lists of the caller's partners, newest checkout first. */
export default function RelocationListPage() {
  const { t } = useTranslation('relocation-lists');
  const list = useListState(relocationList);
  const query = useMemo(() => relocationQuery(list.query), [list.query]);
  const result = useRelocationLists(query);

  const columns: ListColumn<RelocationList>[] = [
    {
      key: 'id',
      title: t('field.id'),
      dataIndex: 'id',
      alwaysVisible: true,
      render: (id: string) => (
        <Link to={relocationUrls.detail(id)} aria-label={t('action.open', { id: shortId(id) })}>
          <Typography.Text code>{shortId(id)}</Typography.Text>
        </Link>
      ),
      exportValue: (l) => l.id,
    },
    {
      key: 'partner',
      title: t('field.partner'),
      // The filter names the partner; the column is there for account staff who want it.
      defaultHidden: true,
      render: (_, l) => l.partner.name,
      exportValue: (l) => l.partner.name,
    },
    {
      key: 'fromSite',
      title: t('field.fromSite'),
      width: 190,
      ellipsis: true,
      render: (_, l) => l.fromSite.name,
      exportValue: (l) => l.fromSite.name,
    },
    {
      key: 'toSite',
      title: t('field.toSite'),
      width: 190,
      ellipsis: true,
      render: (_, l) => l.toSite?.name ?? none,
      exportValue: (l) => l.toSite?.name ?? '',
    },
    {
      key: 'staff',
      title: t('field.staff'),
      render: (_, l) => l.staff?.name ?? none,
      exportValue: (l) => l.staff?.name ?? '',
    },
    {
      key: 'assetCount',
      title: t('field.assetCount'),
      dataIndex: 'assetCount',
      sortKey: 'assetCount',
      align: 'right',
    },
    {
      key: 'checkoutAt',
      title: t('field.checkoutAt'),
      dataIndex: 'checkoutAt',
      sortKey: 'checkoutAt',
      render: (value: string) => formatDateTime(value),
      exportValue: (l) => l.checkoutAt,
    },
    {
      key: 'checkinAt',
      title: t('field.checkinAt'),
      dataIndex: 'checkinAt',
      sortKey: 'checkinAt',
      render: (value: string | null) => (value ? formatDateTime(value) : none),
      exportValue: (l) => l.checkinAt ?? '',
    },
    {
      key: 'status',
      title: t('field.status'),
      dataIndex: 'status',
      fixed: 'right',
      render: (_, l) => <RelocationStatusTag status={l.status} />,
      exportValue: (l) => t(`status.${l.status}`),
    },
  ];

  return (
    <ListPage
      listKey="relocationLists"
      state={list}
      result={result}
      columns={columns}
      rowKey={(l) => l.id}
      filters={<RelocationFilters />}
      emptyText={t('empty')}
      exportFileName={t('exportFile')}
      exportRows={() => fetchAllPages((pageNo, pageSize) => fetchRelocationPage({ ...query, pageNo, pageSize }))}
    />
  );
}
