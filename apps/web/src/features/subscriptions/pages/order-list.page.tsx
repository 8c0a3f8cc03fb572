import {
  type SubscriptionOrderSummary,
  type SubscriptionOrderTab,
  subscriptionEndpoints,
  subscriptionOrderTabs,
} from '@fleetdesk/contracts';
import { Empty, Form, Input, Space, Tabs, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { NewButton } from '../../../shared/ui/list-actions.tsx';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { useUrlState } from '../../../shared/ui/url-state.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { usePackageOptions, useSubscriptionOrders } from '../api.ts';
import { useSubscriptionArea } from '../components/area.ts';
import { MultiFilter } from '../components/filter-items.tsx';
import { isFiltered, orderListQueryOf } from '../components/order-list.model.ts';
import { OrderStatusTag } from '../components/status-tags.tsx';
import { subscriptionOrderList, subscriptionTabScreen } from '../urls.ts';

/**
 * /subscription/order/list and /subscription/management/list: the orders by tab (Subscribed, Finished — document 2
 * §4), filtered by partner, package and order no, paged and sorted, all in the URL. The management area lists every
 * partner's orders and starts new ones.
 */
export default function SubscriptionOrderListPage() {
  const { t } = useTranslation('subscriptions');
  const navigate = useNavigate();
  const { area, urls } = useSubscriptionArea();
  const list = useListState(subscriptionOrderList);
  const [screen, setScreen] = useUrlState(subscriptionTabScreen);
  const query = useMemo(() => orderListQueryOf(list.query, screen.tab), [list.query, screen.tab]);
  const result = useSubscriptionOrders(area, query);
  const price = usePriceLabels();
  const canCreate = useCan(requirementOf(subscriptionEndpoints.createOrder));

  const columns: ListColumn<SubscriptionOrderSummary>[] = [
    {
      key: 'no',
      title: t('field.orderNo'),
      alwaysVisible: true,
      exportValue: (o) => o.no,
      render: (_, o) => (
        <Link to={urls.detail(o.id)} aria-label={t('list.open', { no: o.no })} onClick={(e) => e.stopPropagation()}>
          {o.no}
        </Link>
      ),
    },
    { key: 'partner', title: t('field.partner'), exportValue: (o) => o.partner.name, render: (_, o) => o.partner.name },
    {
      key: 'plan',
      title: t('field.packagePlan'),
      card: 'figure',
      exportValue: (o) => `${o.package.name} / ${o.plan.name}`,
      render: (_, o) => (
        <Space size={0} orientation="vertical">
          <span>{`${o.package.name} / ${o.plan.name}`}</span>
          {o.nextPlan && (
            <Typography.Text type="warning" data-testid="next-plan">
              {t('list.nextPlan', { plan: o.nextPlan.name })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'assets',
      title: t('field.assets'),
      align: 'right',
      card: 'figure',
      exportValue: (o) => `${o.assetCount} / ${o.assetQuota}`,
      render: (_, o) => `${o.assetCount} / ${o.assetQuota}`,
    },
    {
      key: 'renewStrategy',
      title: t('field.renewStrategy'),
      exportValue: (o) => t(`renew.${o.renewStrategy}`),
      render: (_, o) => t(`renew.${o.renewStrategy}`),
    },
    {
      key: 'currentPeriodEnd',
      title: t('field.currentPeriodEnd'),
      exportValue: (o) => o.currentPeriodEnd ?? '',
      render: (_, o) => formatDateTime(o.currentPeriodEnd),
    },
    {
      key: 'fees',
      title: t('field.paidOwe'),
      align: 'right',
      card: 'figure',
      exportValue: (o) => `${o.fees.paid} / ${o.fees.owe}`,
      render: (_, o) => (
        <span>
          {price.money(o.fees.paid, o.currency)}
          {' / '}
          <Typography.Text type={o.fees.owe > 0 ? 'danger' : 'secondary'} strong={o.fees.owe > 0}>
            {price.money(o.fees.owe, o.currency)}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'status',
      title: t('field.status'),
      exportValue: (o) => t(`status.${o.status}`),
      render: (_, o) => <OrderStatusTag status={o.status} />,
    },
    {
      key: 'createdAt',
      title: t('field.createdAt'),
      sortKey: 'createdAt',
      defaultHidden: true,
      exportValue: (o) => o.createdAt,
      render: (_, o) => formatDateTime(o.createdAt),
    },
    {
      key: 'updatedAt',
      title: t('field.updatedAt'),
      sortKey: 'updatedAt',
      defaultHidden: true,
      exportValue: (o) => o.updatedAt,
      render: (_, o) => formatDateTime(o.updatedAt),
    },
  ];

  const tabs = (
    <Tabs
      activeKey={screen.tab}
      onChange={(key) => setScreen({ tab: key as SubscriptionOrderTab, pageNo: 1 })}
      data-testid="subscription-tabs"
      items={subscriptionOrderTabs.map((tab) => ({ key: tab, label: t(`tab.${tab}`) }))}
    />
  );

  return (
    <ListPage
      listKey={`subscription-orders-${area}`}
      state={list}
      result={result}
      columns={columns}
      rowKey={(o) => o.id}
      tabs={tabs}
      rowProps={(o) => ({ onClick: () => navigate(urls.detail(o.id)), style: { cursor: 'pointer' } })}
      emptyText={
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={isFiltered(list.filters) ? t('list.emptyFiltered') : t(`list.empty.${screen.tab}`)}
        />
      }
      filters={<OrderFilters />}
      actions={area === 'management' && canCreate && <NewButton to={urls.new()}>{t('action.new')}</NewButton>}
    />
  );
}

/** The filter bar's fields, named as the URL's keys. */
function OrderFilters() {
  const { t } = useTranslation('subscriptions');
  const partners = usePartnerOptions();
  const packages = usePackageOptions();
  const partnerIds = Form.useWatch('partnerIdIn') as string[] | undefined;
  const packageOptions = (packages.data ?? [])
    .filter((p) => !partnerIds?.length || partnerIds.includes(p.partner.id))
    .map((p) => ({ value: p.id, label: p.name }));
  return (
    <>
      <Form.Item name="no" label={t('field.orderNo')}>
        <Input
          allowClear
          maxLength={50}
          placeholder={t('filter.noPlaceholder')}
          aria-label={t('field.orderNo')}
          style={{ width: 180 }}
        />
      </Form.Item>
      <MultiFilter
        name="partnerIdIn"
        label={t('field.partner')}
        loading={partners.isPending}
        options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      />
      <MultiFilter
        name="packageIdIn"
        label={t('field.package')}
        loading={packages.isPending && packages.fetchStatus !== 'idle'}
        options={packageOptions}
      />
    </>
  );
}
