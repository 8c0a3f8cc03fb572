import { PlusOutlined } from '@ant-design/icons';
import {
  type CustomerTicketSummary,
  customerTicketEndpoints,
  customerTicketStatuses,
  subscriptionTicketEndpoints,
  type TicketView,
  ticketIssues,
  ticketOperationTypes,
  ticketViews,
} from '@fleetdesk/contracts';
import { Badge, Button, Empty, Form, Select, Space, Tabs, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { useSignedInProfile } from '../../../shared/profile.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { SearchFilter } from '../../../shared/ui/list-actions.tsx';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { RangeFilterItem } from '../../../shared/ui/range-filter-item.tsx';
import { useUrlState } from '../../../shared/ui/url-state.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { subscriptionUrls } from '../../subscriptions/urls.ts';
import { exportTickets, useMechanics, useTicketCounts, useTicketList, useTicketSiteOptions } from '../api.ts';
import { isFiltered, ticketExportQueryOf, ticketFilterOf, ticketListQueryOf } from '../components/ticket-list.model.ts';
import { TicketStatusTag } from '../components/ticket-status-tag.tsx';
import { useTicketKind } from '../ticket-kind.tsx';
import { ticketList, ticketViewScreen } from '../urls.ts';

/**
 * /b2c/service/ticket/list (and, with the B2B ticket kind, /subscription/service-management/list): the workshop's
 * queue. Tabs are the list views of document 1 §2.5 (all, unassigned, my
 * unready, my pending, all ready) with live counts under the same filters; filters, tab, paging and sort live in the
 * URL; the export is the server's CSV of the current view; narrow screens get cards (ListPage).
 */
export default function TicketListPage() {
  const { t } = useTranslation('customer-tickets');
  const navigate = useNavigate();
  const list = useListState(ticketList);
  const [screen, setScreen] = useUrlState(ticketViewScreen);
  const view = screen.view;
  const query = useMemo(() => ticketListQueryOf(list.query, view), [list.query, view]);
  const countsQuery = useMemo(() => ticketFilterOf(list.filters), [list.filters]);
  const result = useTicketList(query);
  const counts = useTicketCounts(countsQuery);
  const price = usePriceLabels();
  const ticketKind = useTicketKind();
  const b2b = ticketKind.kind === 'b2b';
  const canCreate = useCan(requirementOf(customerTicketEndpoints.create)) && ticketKind.newUrl !== null;
  const canExport = useCan(requirementOf(customerTicketEndpoints.export)) && !b2b;
  const time = (value: string | null) => (value ? formatDateTime(value) : '');

  const columns: ListColumn<CustomerTicketSummary>[] = [
    {
      key: 'ticketNo',
      title: t('field.ticketNo'),
      sortKey: 'ticketNo',
      alwaysVisible: true,
      exportValue: (r) => r.ticketNo,
      render: (_, r) => (
        <Link to={ticketKind.detailUrl(r.id)} aria-label={t('list.open', { ticketNo: r.ticketNo })}>
          {r.ticketNo}
        </Link>
      ),
    },
    {
      key: 'status',
      title: t('field.status'),
      sortKey: 'status',
      render: (_, r) => <TicketStatusTag status={r.status} />,
    },
    { key: 'asset', title: t('field.asset'), card: 'figure', render: (_, r) => r.asset.no },
    b2b
      ? {
          key: 'subscriptionOrder',
          title: t('field.subscriptionOrder'),
          card: 'figure',
          render: (_, r) =>
            r.subscriptionOrder ? (
              <Link to={subscriptionUrls('order').detail(r.subscriptionOrder.id)}>{r.subscriptionOrder.orderNo}</Link>
            ) : (
              ''
            ),
        }
      : {
          key: 'customer',
          title: t('field.customer'),
          card: 'figure',
          render: (_, r) =>
            r.customer ? (
              <Space size={0} orientation="vertical">
                <span>{r.customer.name}</span>
                <Typography.Text type="secondary">{r.customer.phoneNo}</Typography.Text>
              </Space>
            ) : (
              (r.contactName ?? '')
            ),
        },
    {
      key: 'center',
      title: t('field.center'),
      render: (_, r) => r.center?.name ?? <Typography.Text type="secondary">{t('detail.noCenterYet')}</Typography.Text>,
    },
    {
      key: 'mechanic',
      title: t('field.mechanic'),
      card: 'figure',
      render: (_, r) =>
        r.mechanic?.name ?? <Typography.Text type="secondary">{t('detail.unassigned')}</Typography.Text>,
    },
    {
      key: 'issues',
      title: t('field.issues'),
      render: (_, r) => r.issues.map((i) => t(`issue.${i}`)).join(', '),
    },
    ...(b2b
      ? []
      : [
          {
            key: 'operationType',
            title: t('field.operationType'),
            defaultHidden: true,
            render: (_, r) => t(`operationType.${r.operationType}`),
          } satisfies ListColumn<CustomerTicketSummary>,
        ]),
    { key: 'partner', title: t('field.partner'), defaultHidden: true, render: (_, r) => r.assetPartner.name },
    {
      key: 'owed',
      title: t('field.owed'),
      align: 'right',
      render: (_, r) =>
        r.owed > 0 ? <Typography.Text type="danger">{price.money(r.owed, r.currency)}</Typography.Text> : '',
    },
    { key: 'createdAt', title: t('field.createdAt'), sortKey: 'createdAt', render: (_, r) => time(r.createdAt) },
    {
      key: 'updatedAt',
      title: t('field.updatedAt'),
      sortKey: 'updatedAt',
      defaultHidden: true,
      render: (_, r) => time(r.updatedAt),
    },
  ];

  // Above TICKET_EXACT_COUNT_MAX the server estimates a view's count: shown as "≈".
  const countLabel = (v: TicketView) => {
    const count = counts.data?.[v] ?? 0;
    return counts.data?.estimated?.includes(v) ? `≈${count.toLocaleString()}` : count;
  };

  const tabs = (
    <Tabs
      activeKey={view}
      onChange={(key) => setScreen({ view: key as TicketView, pageNo: 1 })}
      data-testid="ticket-views"
      items={ticketViews.map((v) => ({
        key: v,
        label: (
          <Space size={6} data-testid={`view-${v}`}>
            {t(`view.${v}`)}
            <Badge
              count={countLabel(v)}
              showZero
              overflowCount={99_999}
              color={v === view ? 'blue' : 'gray'}
              data-testid={`count-${v}`}
            />
          </Space>
        ),
      }))}
    />
  );

  return (
    <ListPage
      listKey={b2b ? 'subscription-tickets-management' : 'customer-tickets'}
      state={list}
      result={result}
      columns={columns}
      rowKey={(r) => r.id}
      tabs={tabs}
      emptyText={
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={isFiltered(list.filters) || view !== 'all' ? t('list.emptyFiltered') : t('list.empty')}
        />
      }
      filters={<TicketFilters partnerIdIn={list.filters.partnerIdIn} />}
      actions={
        <>
          {canExport && <ExportButton run={() => exportTickets(ticketExportQueryOf(list.query, view))} />}
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(ticketKind.newUrl ?? '')}>
              {t('action.new')}
            </Button>
          )}
        </>
      }
    />
  );
}

/** The filter bar's fields (form items of ListPage's filter form, named as the URL's keys). */
function TicketFilters({ partnerIdIn }: { partnerIdIn: string[] }) {
  const { t } = useTranslation('customer-tickets');
  const b2b = useTicketKind().kind === 'b2b';
  const partners = usePartnerOptions();
  const sites = useTicketSiteOptions();
  const centers = (sites.data ?? []).filter(
    (s) => s.type === 'service-center' && (partnerIdIn.length === 0 || partnerIdIn.includes(s.partnerId)),
  );
  return (
    <>
      <SearchFilter
        label={t('filter.search')}
        placeholder={t(b2b ? 'filter.searchPlaceholderB2b' : 'filter.searchPlaceholder')}
        width={260}
      />
      <ManyFilter
        name="statusIn"
        label={t('field.status')}
        options={customerTicketStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
      />
      <Form.Item noStyle dependencies={['partnerIdIn']}>
        {(form) => <MechanicFilter partnerIds={(form.getFieldValue('partnerIdIn') as string[] | undefined) ?? []} />}
      </Form.Item>
      <ManyFilter
        name="partnerIdIn"
        label={t('field.partner')}
        loading={partners.isPending}
        options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      />
      <ManyFilter
        name="centerSiteIdIn"
        label={t('field.center')}
        loading={sites.isPending}
        options={centers.map((s) => ({ value: s.id, label: s.name }))}
      />
      <Form.Item name="issue" label={t('field.issue')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 160 }}
          placeholder={t('filter.any')}
          options={ticketIssues.map((i) => ({ value: i, label: t(`issue.${i}`) }))}
        />
      </Form.Item>
      {!b2b && (
        <Form.Item name="operationType" label={t('field.operationType')}>
          <Select
            allowClear
            style={{ minWidth: 140 }}
            placeholder={t('filter.any')}
            options={ticketOperationTypes.map((o) => ({ value: o, label: t(`operationType.${o}`) }))}
          />
        </Form.Item>
      )}
      <RangeFilterItem name="created" label={t('field.createdAt')} withTime />
    </>
  );
}

/** A filter taking several values (statuses, partners, centres), searchable by typing. */
function ManyFilter(props: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  loading?: boolean;
}) {
  const { t } = useTranslation('customer-tickets');
  return (
    <Form.Item name={props.name} label={props.label}>
      <Select
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 180, maxWidth: 320 }}
        placeholder={t('filter.any')}
        loading={props.loading}
        options={props.options}
      />
    </Form.Item>
  );
}

/**
 * The mechanic filter: "me", and the staff who may work tickets of the partner chosen in the partner filter (the
 * mechanics call is per partner; with no single partner chosen only "me" is offered).
 */
function MechanicFilter({ partnerIds }: { partnerIds: string[] }) {
  const { t } = useTranslation('customer-tickets');
  const profile = useSignedInProfile();
  const b2b = useTicketKind().kind === 'b2b';
  const canList = useCan(
    requirementOf(b2b ? subscriptionTicketEndpoints.mechanics : customerTicketEndpoints.mechanics),
  );
  const partnerId = partnerIds.length === 1 ? partnerIds[0] : undefined;
  const mechanics = useMechanics(partnerId ?? '', canList && partnerId !== undefined);
  const options = [
    ...(profile ? [{ value: profile.id, label: t('filter.me', { name: profile.name }) }] : []),
    ...(mechanics.data ?? []).filter((m) => m.id !== profile?.id).map((m) => ({ value: m.id, label: m.name })),
  ];
  return (
    <Form.Item name="mechanicUserId" label={t('field.mechanic')}>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 160 }}
        placeholder={t('filter.any')}
        loading={mechanics.isFetching}
        options={options}
      />
    </Form.Item>
  );
}
