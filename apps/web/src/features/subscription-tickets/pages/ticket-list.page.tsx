import { PlusOutlined } from '@ant-design/icons';
import { type CustomerTicketSummary, customerTicketStatuses, subscriptionTicketEndpoints } from '@fleetdesk/contracts';
import { Button, Empty, Form, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { SearchFilter } from '../../../shared/ui/list-actions.tsx';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { TicketStatusTag } from '../../customer-tickets/components/ticket-status-tag.tsx';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { subscriptionUrls } from '../../subscriptions/urls.ts';
import { usePartnerTickets } from '../api.ts';
import { isFiltered, partnerListQueryOf } from '../components/ticket-list.model.ts';
import { partnerTicketList, subscriptionTicketUrls } from '../urls.ts';

/**
 * /subscription/service/ticket/list: the partner's service tickets on its subscribed assets — number, asset, the
 * subscription order, issues, status (finished reads Ready), created and fee; search, status filter and paging in
 * the URL; "New ticket" for those who may report one.
 */
export default function PartnerTicketListPage() {
  const { t } = useTranslation('subscription-tickets');
  const { t: tt } = useTranslation('customer-tickets');
  const navigate = useNavigate();
  const list = useListState(partnerTicketList);
  const price = usePriceLabels();
  const canCreate = useCan(requirementOf(subscriptionTicketEndpoints.create));
  const query = useMemo(() => partnerListQueryOf(list.query), [list.query]);
  const result = usePartnerTickets(query);
  const filtered = isFiltered(query);

  const columns: ListColumn<CustomerTicketSummary>[] = [
    {
      key: 'ticketNo',
      title: tt('field.ticketNo'),
      sortKey: 'ticketNo',
      alwaysVisible: true,
      render: (_, r) => (
        <Link to={subscriptionTicketUrls.detail(r.id)} aria-label={tt('list.open', { ticketNo: r.ticketNo })}>
          {r.ticketNo}
        </Link>
      ),
    },
    { key: 'asset', title: tt('field.asset'), card: 'figure', render: (_, r) => r.asset.no },
    {
      key: 'subscriptionOrder',
      title: tt('field.subscriptionOrder'),
      card: 'figure',
      render: (_, r) =>
        r.subscriptionOrder ? (
          <Link to={subscriptionUrls('order').detail(r.subscriptionOrder.id)}>{r.subscriptionOrder.orderNo}</Link>
        ) : (
          ''
        ),
    },
    {
      key: 'issues',
      title: tt('field.issues'),
      render: (_, r) => r.issues.map((i) => tt(`issue.${i}`)).join(', '),
    },
    {
      key: 'status',
      title: tt('field.status'),
      sortKey: 'status',
      render: (_, r) => <TicketStatusTag status={r.status} />,
    },
    {
      key: 'createdAt',
      title: tt('field.createdAt'),
      sortKey: 'createdAt',
      render: (_, r) => formatDateTime(r.createdAt),
    },
    {
      key: 'fee',
      title: t('field.fee'),
      align: 'right',
      render: (_, r) => (r.serviceFee === null ? '' : price.money(r.serviceFee, r.currency)),
    },
  ];

  return (
    <ListPage
      listKey="subscription-tickets"
      state={list}
      result={result}
      columns={columns}
      rowKey={(r) => r.id}
      emptyText={
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={filtered ? t('list.emptyFiltered') : t('list.empty')}
        />
      }
      filters={
        <>
          <SearchFilter label={tt('filter.search')} placeholder={t('list.searchPlaceholder')} width={260} />
          <Form.Item name="statusIn" label={tt('field.status')}>
            <Select
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              style={{ minWidth: 180, maxWidth: 320 }}
              placeholder={tt('filter.any')}
              options={customerTicketStatuses.map((s) => ({ value: s, label: tt(`status.${s}`) }))}
            />
          </Form.Item>
        </>
      }
      actions={
        canCreate && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="new-ticket"
            onClick={() => navigate(subscriptionTicketUrls.new())}
          >
            {tt('action.new')}
          </Button>
        )
      }
    />
  );
}
