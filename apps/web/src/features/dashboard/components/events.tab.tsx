import { assetEndpoints, type DashboardEventKind, type DashboardEvents } from '@fleetdesk/contracts';
import { Badge, Card, Col, Empty, List, Row, Table, type TableColumnsType, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { assetUrls } from '../../assets/urls.ts';
import { bucketStarts, colorOfCode, displayStatusColors, rankingOption, timeBarsOption } from '../charts.ts';
import type { DashboardLinks } from '../links.ts';
import type { DashboardRange } from '../period.ts';
import { ChartCard } from './chart-card.tsx';
import { StatCards } from './stat-cards.tsx';

type TopAsset = DashboardEvents['topAssets'][number];

const kindColor: Record<DashboardEventKind, string> = {
  alarm: displayStatusColors.Alarm ?? '',
  error: displayStatusColors.Error ?? '',
};

/** The alarm or error tab: the period's events by code and over time, the assets with most, and those in that state now. */
export function EventsTab({
  kind,
  data,
  range,
  links,
  periodLabel,
}: {
  kind: DashboardEventKind;
  data: DashboardEvents | undefined;
  range: DashboardRange;
  links: DashboardLinks;
  /** The period the counts cover, as the period bar names it (the top list says which period it ranks). */
  periodLabel: string;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const canOpenAsset = useCan(requirementOf(assetEndpoints.get));
  // Codes the catalogue does not know (a newer device) show as the device sent them.
  const codeLabel = useCallback(
    (code: string) => (i18n.exists(`code.${code}`, { ns: 'dashboard' }) ? t(`code.${code}`) : code),
    [t, i18n],
  );
  const none = data?.total === 0 ? t(`empty.events.${kind}`) : false;
  const color = kindColor[kind];

  const charts = useMemo(() => {
    if (!data) return null;
    const axis = bucketStarts(range.from, range.to, data.bucket);
    const byCode = new Map<string, Map<number, number>>();
    for (const row of data.series) {
      const values = byCode.get(row.code) ?? new Map<number, number>();
      values.set(Date.parse(row.at), row.count);
      byCode.set(row.code, values);
    }
    return {
      perBucket: timeBarsOption(
        axis,
        data.bucket,
        data.byCode
          .filter((c) => c.count > 0)
          .map((c) => ({
            name: codeLabel(c.code),
            color: colorOfCode(c.code),
            values: byCode.get(c.code) ?? new Map(),
          })),
      ),
      byCode: rankingOption(
        [...data.byCode]
          .sort((a, b) => b.count - a.count)
          .map((c) => ({ name: codeLabel(c.code), value: c.count, color: colorOfCode(c.code) })),
        kindColor[kind],
      ),
    };
  }, [data, range, kind, codeLabel]);

  const columns: TableColumnsType<TopAsset> = [
    {
      key: 'no',
      title: t('top.asset'),
      dataIndex: 'no',
      render: (no: string) => (canOpenAsset ? <Link to={assetUrls.detail(no)}>{no}</Link> : no),
    },
    { key: 'partner', title: t('top.partner'), render: (_, a) => a.partner.name, responsive: ['md'] },
    {
      key: 'count',
      title: t('top.count'),
      dataIndex: 'count',
      align: 'right',
      // An alarm count opens the inbox on that asset's alarms of the same period.
      render: (count: number, a) =>
        kind === 'alarm' ? (
          <Link to={links.alarms({ assetNo: a.no })} aria-label={t('top.openAlarms', { asset: a.no, count })}>
            {count}
          </Link>
        ) : (
          count
        ),
    },
    {
      key: 'lastCode',
      title: t('top.lastCode'),
      render: (_, a) => (a.lastCode ? <Badge color={colorOfCode(a.lastCode)} text={codeLabel(a.lastCode)} /> : '—'),
    },
    { key: 'lastAt', title: t('top.lastAt'), render: (_, a) => formatDateTime(a.lastAt), responsive: ['lg'] },
  ];
  const currentTotal = data?.current.reduce((sum, c) => sum + c.count, 0);

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <StatCards
          items={[
            {
              key: 'events',
              title: t(`stat.events.${kind}`),
              value: data?.total,
              color,
              to: kind === 'alarm' ? links.alarms() : undefined,
            },
            { key: 'assets', title: t(`stat.assets.${kind}`), value: data?.assets },
            {
              key: 'current',
              title: t(`stat.current.${kind}`),
              value: currentTotal,
              color,
              to: links.assets({ status: [kind === 'alarm' ? 'Alarm' : 'Error'] }),
            },
          ]}
        />
      </Col>
      <Col xs={24} xl={14}>
        <ChartCard
          title={t(`chart.perBucket.${kind}.${data?.bucket ?? 'day'}`)}
          option={charts?.perBucket ?? null}
          empty={none}
          testId={`chart-${kind}-per-bucket`}
        />
      </Col>
      <Col xs={24} xl={10}>
        <ChartCard
          title={t(`chart.byCode.${kind}`)}
          option={charts?.byCode ?? null}
          empty={none}
          testId={`chart-${kind}-by-code`}
        />
      </Col>
      <Col xs={24} xl={14}>
        <Card title={t(`top.title.${kind}`, { period: periodLabel })} size="small">
          <Table<TopAsset>
            size="small"
            rowKey="assetId"
            columns={columns}
            dataSource={data?.topAssets}
            loading={!data}
            pagination={false}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`empty.events.${kind}`)} />,
            }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={t(`current.title.${kind}`)} size="small">
          <List
            size="small"
            loading={!data}
            dataSource={data?.current}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`empty.current.${kind}`)} />,
            }}
            renderItem={(c) => (
              <List.Item extra={<Typography.Text strong>{c.count}</Typography.Text>}>
                <Badge color={colorOfCode(c.code)} text={codeLabel(c.code)} />
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
