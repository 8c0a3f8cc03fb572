import type { DashboardOverview } from '@fleetdesk/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bucketStarts,
  columnsOption,
  displayStatusColors,
  donutOption,
  rankingOption,
  timeBarsOption,
} from '../charts.ts';
import type { DashboardLinks } from '../links.ts';
import type { DashboardRange } from '../period.ts';
import { dashboardUrls } from '../urls.ts';
import { ChartCard } from './chart-card.tsx';
import { StatCards } from './stat-cards.tsx';

const RANKED = 10;
const batteryColors: Record<string, string> = {
  '0-20': '#cf1322',
  '20-50': '#fa8c16',
  '50-80': '#a0d911',
  '80-100': '#52c41a',
  unknown: '#bfbfbf',
};

/** The fleet now (statuses, presence, charge, partners, categories) and the period's alarms and errors. */
export function OverviewTab({
  data,
  range,
  links,
  search,
}: {
  data: DashboardOverview | undefined;
  range: DashboardRange;
  links: DashboardLinks;
  /** The dashboard's own query string (period and filters), kept when a figure leads to another tab. */
  search: string;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const statusCount = (status: string) =>
    data ? (data.byStatus.find((s) => s.status === status)?.count ?? 0) : undefined;
  const noFleet = data?.total === 0 ? t('empty.fleet') : false;

  const charts = useMemo(() => {
    if (!data) return null;
    const axis = bucketStarts(range.from, range.to, data.events.bucket);
    const alarms = new Map(data.events.series.map((s) => [Date.parse(s.at), s.alarms]));
    const errors = new Map(data.events.series.map((s) => [Date.parse(s.at), s.errors]));
    return {
      status: donutOption(
        data.byStatus
          .filter((s) => s.count > 0)
          .map((s) => ({ name: t(`status.${s.status}`), value: s.count, color: displayStatusColors[s.status] ?? '' })),
        new Intl.NumberFormat(i18n.language).format(data.total),
      ),
      events: timeBarsOption(axis, data.events.bucket, [
        { name: t('series.alarms'), color: displayStatusColors.Alarm ?? '', values: alarms },
        { name: t('series.errors'), color: displayStatusColors.Error ?? '', values: errors },
      ]),
      battery: columnsOption(
        data.battery.map((b) => ({
          name: b.bucket === 'unknown' ? t('battery.unknown') : `${b.bucket} %`,
          value: b.count,
          color: batteryColors[b.bucket],
        })),
        '#52c41a',
      ),
      partner: rankingOption(
        data.byPartner.slice(0, RANKED).map((p) => ({ name: p.name, value: p.count })),
        '#1677ff',
      ),
      category: rankingOption(
        data.byCategory.slice(0, RANKED).map((c) => ({ name: c.name, value: c.count })),
        '#13a8a8',
      ),
    };
  }, [data, range, t, i18n.language]);

  return (
    <div className="fd-grid">
      <StatCards
        items={[
          { key: 'total', title: t('stat.total'), value: data?.total, to: links.assets({}) },
          {
            key: 'online',
            title: t('stat.online'),
            value: data?.iot.online,
            // The map's Active teal as text is 2.9:1 on white; its shade 7 reaches the 3:1 of large figures.
            color: '#08979c',
            to: links.assets({ online: 'true' }),
          },
          {
            key: 'offline',
            title: t('stat.offline'),
            value: data?.iot.offline,
            color: displayStatusColors.Inactive,
            to: links.assets({ online: 'false' }),
          },
          { key: 'unbound', title: t('stat.unbound'), value: data?.iot.unbound, to: links.assets({ iot: 'false' }) },
          {
            key: 'inAlarm',
            title: t('stat.current.alarm'),
            value: statusCount('Alarm'),
            color: displayStatusColors.Alarm,
            to: links.assets({ status: ['Alarm'] }),
          },
          {
            key: 'inError',
            title: t('stat.current.error'),
            value: statusCount('Error'),
            color: displayStatusColors.Error,
            to: links.assets({ status: ['Error'] }),
          },
          {
            key: 'alarms',
            title: t('stat.alarms'),
            value: data?.events.alarms,
            color: displayStatusColors.Alarm,
            to: links.alarms(),
          },
          {
            key: 'errors',
            title: t('stat.errors'),
            value: data?.events.errors,
            color: displayStatusColors.Error,
            to: dashboardUrls.asset('error', search),
          },
        ]}
      />
      <div className="fd-grid fd-charts">
        <div className="fd-span-10">
          <ChartCard title={t('chart.status')} option={charts?.status ?? null} empty={noFleet} testId="chart-status" />
        </div>
        <div className="fd-span-14">
          <ChartCard
            title={t(`chart.alarmsErrors.${data?.events.bucket ?? 'day'}`)}
            option={charts?.events ?? null}
            testId="chart-alarms-errors"
          />
        </div>
        <div className="fd-span-8">
          <ChartCard title={t('chart.battery')} option={charts?.battery ?? null} empty={noFleet} height={240} />
        </div>
        <div className="fd-span-8">
          <ChartCard title={t('chart.partner')} option={charts?.partner ?? null} empty={noFleet} height={240} />
        </div>
        <div className="fd-span-8">
          <ChartCard title={t('chart.category')} option={charts?.category ?? null} empty={noFleet} height={240} />
        </div>
      </div>
    </div>
  );
}
