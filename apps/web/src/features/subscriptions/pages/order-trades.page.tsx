import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  id as idSchema,
  type SubscriptionFeeType,
  type SubscriptionTrade,
  subscriptionEndpoints,
  subscriptionFeeTypes,
  subscriptionTradeStates,
} from '@fleetdesk/contracts';
import { Button, Empty, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { exportTrades, useOrderTrades, useSubscriptionOrder } from '../api.ts';
import { useSubscriptionArea } from '../components/area.ts';
import { MultiFilter } from '../components/filter-items.tsx';
import { FeeTypeTag, TradeStateTag } from '../components/status-tags.tsx';
import { isUsageTrade, tradeFilterOf, tradeListTitle, tradeQueryOf } from '../components/trade-list.model.ts';
import { subscriptionTradeList } from '../urls.ts';

/** /subscription/{order,management}/trade/:subscriptionOrderId; an id that cannot exist is "not found" at once. */
export default function SubscriptionTradeListPage() {
  const { subscriptionOrderId = '' } = useParams();
  if (!idSchema.safeParse(subscriptionOrderId).success) return <DataMissing />;
  return <TradeList orderId={subscriptionOrderId} />;
}

/**
 * The order's trades, newest period first (document 1 §2.5 "trade list titled with order id and fee type"): filtered
 * by fee type and state, paged, in the URL; the export is the server's CSV of the same filters.
 */
function TradeList({ orderId }: { orderId: string }) {
  const { t } = useTranslation('subscriptions');
  const { urls } = useSubscriptionArea();
  const order = useSubscriptionOrder(orderId);
  const list = useListState(subscriptionTradeList);
  const query = useMemo(() => tradeQueryOf(list.query), [list.query]);
  const result = useOrderTrades(orderId, query);
  const price = usePriceLabels();
  const canExport = useCan(requirementOf(subscriptionEndpoints.exportTrades));
  const feeTypes = (query.feeTypeIn ?? []) as SubscriptionFeeType[];
  const money = (amount: number, trade: SubscriptionTrade) => price.money(amount, trade.currency);
  const hours = (value: number | null) =>
    value === null ? '' : value.toLocaleString(undefined, { maximumFractionDigits: 2 });

  if (order.error) return <DataMissing />;
  const title = order.data
    ? tradeListTitle(order.data.no, feeTypes, {
        feeType: (type) => t(`feeType.${type}`),
        allFees: t('trades.allFees'),
      })
    : t('trades.titleLoading');

  const columns: ListColumn<SubscriptionTrade>[] = [
    {
      key: 'period',
      title: t('field.period'),
      alwaysVisible: true,
      render: (_, r) => (
        <span>
          {`#${r.period.sequence} `}
          <Typography.Text type="secondary">{`${formatDateTime(r.period.startsAt)} – ${formatDateTime(r.period.endsAt)}`}</Typography.Text>
        </span>
      ),
    },
    { key: 'feeType', title: t('field.feeType'), render: (_, r) => <FeeTypeTag feeType={r.feeType} /> },
    { key: 'state', title: t('field.state'), render: (_, r) => <TradeStateTag state={r.state} /> },
    { key: 'amount', title: t('field.amount'), align: 'right', card: 'figure', render: (_, r) => money(r.amount, r) },
    { key: 'exempted', title: t('fee.exempted'), align: 'right', render: (_, r) => money(r.exempted, r) },
    { key: 'refunded', title: t('fee.refunded'), align: 'right', render: (_, r) => money(r.refunded, r) },
    {
      key: 'usageHours',
      title: t('field.usageHours'),
      align: 'right',
      render: (_, r) => (isUsageTrade(r) ? `${hours(r.usageHours)} / ${hours(r.deductedHours)}` : ''),
    },
    { key: 'claimableAt', title: t('field.claimableAt'), render: (_, r) => formatDateTime(r.claimableAt) },
    { key: 'attempts', title: t('field.attempts'), align: 'right', dataIndex: 'attempts' },
    {
      key: 'failureMessage',
      title: t('field.failureMessage'),
      render: (_, r) => (r.failureMessage ? <Typography.Text type="danger">{r.failureMessage}</Typography.Text> : ''),
    },
    { key: 'paidAt', title: t('field.paidAt'), render: (_, r) => formatDateTime(r.paidAt) },
  ];

  return (
    <ListPage
      title={title}
      listKey="subscription-trades"
      state={list}
      result={result}
      columns={columns}
      rowKey={(r) => r.id}
      emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trades.empty')} />}
      filters={
        <>
          <MultiFilter
            name="feeTypeIn"
            label={t('field.feeType')}
            minWidth={180}
            options={subscriptionFeeTypes.map((f) => ({ value: f, label: t(`feeType.${f}`) }))}
          />
          <MultiFilter
            name="stateIn"
            label={t('field.state')}
            minWidth={220}
            options={subscriptionTradeStates.map((s) => ({ value: s, label: t(`tradeState.${s}`) }))}
          />
        </>
      }
      actions={
        <>
          <Link to={urls.detail(orderId)}>
            <Button icon={<ArrowLeftOutlined />} tabIndex={-1}>
              {t('trades.backToOrder')}
            </Button>
          </Link>
          {canExport && <ExportButton run={() => exportTrades(orderId, tradeFilterOf(list.filters))} />}
        </>
      }
    />
  );
}
