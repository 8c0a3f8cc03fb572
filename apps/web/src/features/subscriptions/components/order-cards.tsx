import type { SubscriptionOrder, SubscriptionOrderAsset, SubscriptionPeriod } from '@fleetdesk/contracts';
import { Alert, Card, Col, Descriptions, Empty, Row, Segmented, Statistic, Table, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { LifeCycleTag } from '../../assets/components/life-cycle-tag.tsx';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { useOrderAssets, useOrderPeriods } from '../api.ts';
import { feeKeys } from './exempt-refund.model.ts';

type Money = (amount: number) => string;

/** The terms a period copies from its plan (document 2 §3 "B2B subscription"). */
function periodItems(period: SubscriptionPeriod, money: Money, t: (key: string) => string) {
  return [
    {
      key: 'dates',
      label: t('field.dates'),
      children: `${formatDateTime(period.startsAt)} – ${formatDateTime(period.endsAt)}`,
    },
    { key: 'plan', label: t('field.plan'), children: period.plan.name },
    { key: 'basicFee', label: t('field.basicFee'), children: money(period.basicFee) },
    { key: 'usageFee', label: t('field.usageFee'), children: `${money(period.usageFee)} / ${t('unit.hour')}` },
    { key: 'deductible', label: t('field.deductible'), children: `${period.deductible} ${t('unit.hours')}` },
    { key: 'upperLimit', label: t('field.usageFeeUpperLimit'), children: money(period.usageFeeUpperLimit) },
    { key: 'assetCount', label: t('field.assetCount'), children: period.assetCount },
  ];
}

/**
 * The current period and the next one. The next is shown as fixed once it is (its plan and assets can no longer
 * change); before that, what it will take and from when changes apply.
 */
export function PeriodCards({ order }: { order: SubscriptionOrder }) {
  const { t } = useTranslation('subscriptions');
  const price = usePriceLabels();
  const money = (amount: number) => price.money(amount, order.currency);
  const fixedTag = (
    <Tag color="blue" data-testid="period-fixed">
      {t('period.fixed')}
    </Tag>
  );
  return (
    <Flexible>
      <Card title={t('period.current')} extra={order.currentPeriod && fixedTag} data-testid="current-period">
        {order.currentPeriod ? (
          <Descriptions column={1} size="small" items={periodItems(order.currentPeriod, money, t)} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('period.none')} />
        )}
      </Card>
      <Card title={t('period.next')} extra={order.nextPeriod && fixedTag} data-testid="next-period">
        {order.nextPeriod ? (
          <Descriptions column={1} size="small" items={periodItems(order.nextPeriod, money, t)} />
        ) : order.status === 'subscribed' && order.currentPeriod ? (
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'starts', label: t('field.startsAt'), children: formatDateTime(order.currentPeriod.endsAt) },
              { key: 'plan', label: t('field.plan'), children: (order.nextPlan ?? order.plan).name },
              { key: 'state', label: t('field.state'), children: t('period.notFixed') },
            ]}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('period.noNext')} />
        )}
      </Card>
    </Flexible>
  );
}

/** Two cards side by side on wide screens, one above the other on narrow ones. */
function Flexible({ children }: { children: [React.ReactNode, React.ReactNode] }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        {children[0]}
      </Col>
      <Col xs={24} lg={12}>
        {children[1]}
      </Col>
    </Row>
  );
}

/** "Changes apply from …": a change of plan or assets reaches the first period not yet fixed. */
export function ChangesFromHint({ order }: { order: SubscriptionOrder }) {
  const { t } = useTranslation('subscriptions');
  if (!order.changesFrom || order.status !== 'subscribed') return null;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="changes-from"
      title={t('detail.changesFrom', { time: formatDateTime(order.changesFrom) })}
    />
  );
}

/** Document 2 §3 fee amounts; what is owed stands out. */
export function FeesCard({ order }: { order: SubscriptionOrder }) {
  const { t } = useTranslation('subscriptions');
  const { token } = theme.useToken();
  const price = usePriceLabels();
  return (
    <Card title={t('detail.fees')} data-testid="order-fees">
      <Row gutter={[16, 16]}>
        {feeKeys.map((key) => (
          <Col key={key} xs={12} sm={8} md={6}>
            <Statistic
              title={t(`fee.${key}`)}
              value={price.money(order.fees[key], order.currency)}
              styles={{
                content: { fontSize: 18, color: key === 'owe' && order.fees.owe > 0 ? token.colorError : undefined },
              }}
              data-testid={`fee-${key}`}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

type Page = { pageNo: number; pageSize: number };

/** A card table's pager: one page needs none. */
const pagingOf = (page: Page, total: number | undefined, setPage: (page: Page) => void) => ({
  current: page.pageNo,
  pageSize: page.pageSize,
  total: total ?? 0,
  hideOnSinglePage: true,
  onChange: (pageNo: number, pageSize: number) => setPage({ pageNo, pageSize }),
});

/** The order's assets, those of the current period or of the period changes go to. */
export function AssetsCard({
  order,
  set,
  onSet,
}: {
  order: SubscriptionOrder;
  set: 'current' | 'next';
  onSet: (set: 'current' | 'next') => void;
}) {
  const { t } = useTranslation('subscriptions');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const assets = useOrderAssets(order.id, set, page);
  return (
    <Card title={t('detail.assets')} data-testid="order-assets">
      {/* In the body, not the card's header: on a phone the header has no room for both. */}
      <Segmented
        value={set}
        style={{ marginBottom: 12 }}
        onChange={(value) => {
          setPage({ ...page, pageNo: 1 });
          onSet(value as 'current' | 'next');
        }}
        options={[
          { value: 'current', label: t('assetSet.current') },
          { value: 'next', label: t('assetSet.next') },
        ]}
      />
      {assets.error ? (
        <Alert type="error" showIcon title={t('detail.loadFailed')} description={assets.error.message} />
      ) : (
        <Table<SubscriptionOrderAsset>
          rowKey="id"
          size="small"
          scroll={{ x: 'max-content' }}
          loading={assets.isFetching}
          dataSource={assets.data?.data ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noAssets')} /> }}
          pagination={pagingOf(page, assets.data?.count, setPage)}
          columns={[
            { key: 'no', title: t('field.assetNo'), dataIndex: 'no' },
            { key: 'category', title: t('field.category'), render: (_, a) => a.category.name },
            { key: 'site', title: t('field.site'), render: (_, a) => a.site?.name ?? '' },
            {
              key: 'lifeCycleState',
              title: t('field.lifeCycleState'),
              render: (_, a) => <LifeCycleTag state={a.lifeCycleState} />,
            },
            {
              key: 'periods',
              title: t('field.inPeriods'),
              render: (_, a) =>
                a.untilPeriod === null
                  ? t('assets.fromPeriod', { from: a.fromPeriod })
                  : t('assets.periodRange', { from: a.fromPeriod, until: a.untilPeriod }),
            },
          ]}
        />
      )}
    </Card>
  );
}

/** Every period of the order, newest first, with the terms it fixed. */
export function PeriodsCard({ order }: { order: SubscriptionOrder }) {
  const { t } = useTranslation('subscriptions');
  const price = usePriceLabels();
  const money = (amount: number) => price.money(amount, order.currency);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const periods = useOrderPeriods(order.id, page);
  return (
    <Card title={t('detail.periods')} data-testid="order-periods">
      {periods.error ? (
        <Alert type="error" showIcon title={t('detail.loadFailed')} description={periods.error.message} />
      ) : (
        <Table<SubscriptionPeriod>
          rowKey="id"
          size="small"
          scroll={{ x: 'max-content' }}
          loading={periods.isFetching}
          dataSource={periods.data?.data ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('period.none')} /> }}
          pagination={pagingOf(page, periods.data?.count, setPage)}
          columns={[
            { key: 'sequence', title: '#', dataIndex: 'sequence' },
            { key: 'startsAt', title: t('field.startsAt'), render: (_, p) => formatDateTime(p.startsAt) },
            { key: 'endsAt', title: t('field.endsAt'), render: (_, p) => formatDateTime(p.endsAt) },
            { key: 'plan', title: t('field.plan'), render: (_, p) => p.plan.name },
            { key: 'basicFee', title: t('field.basicFee'), align: 'right', render: (_, p) => money(p.basicFee) },
            { key: 'usageFee', title: t('field.usageFee'), align: 'right', render: (_, p) => money(p.usageFee) },
            { key: 'deductible', title: t('field.deductible'), align: 'right', dataIndex: 'deductible' },
            {
              key: 'upperLimit',
              title: t('field.usageFeeUpperLimit'),
              align: 'right',
              render: (_, p) => money(p.usageFeeUpperLimit),
            },
            { key: 'assetCount', title: t('field.assetCount'), align: 'right', dataIndex: 'assetCount' },
            {
              key: 'closedAt',
              title: t('field.closedAt'),
              render: (_, p) =>
                p.closedAt ? (
                  formatDateTime(p.closedAt)
                ) : (
                  <Typography.Text type="secondary">{t('period.open')}</Typography.Text>
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}
