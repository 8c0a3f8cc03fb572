import {
  assetDisplayStatuses,
  batteryBuckets,
  DASHBOARD_TOP_ASSETS,
  type DashboardEventKind,
  type DashboardEvents,
  type DashboardOverview,
  type DashboardQuery,
  dashboardBucketOf,
  dashboardEventCodes,
  dashboardEventType,
} from '@fleetdesk/contracts';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../lib/caller.ts';
import { toIso } from '../../lib/rows.ts';
import { assertPartnerInScope } from '../../lib/scope.ts';
import * as repo from './dashboard.repo.ts';

function filterOf(caller: Caller, query: DashboardQuery): repo.DashboardFilter {
  // A partner outside the caller's scope is refused (403), not answered with zeros.
  if (query.partnerId) assertPartnerInScope(caller.scope, query.partnerId);
  return { scope: caller.scope, partnerId: query.partnerId, categoryId: query.categoryId };
}

/** The contract already refused a reversed or longer-than-31-days range; here it only becomes dates. */
function periodOf(query: DashboardQuery): repo.Period {
  const from = new Date(query.from);
  const to = new Date(query.to);
  return { from, to, timeZone: query.timeZone, bucket: dashboardBucketOf(from.getTime(), to.getTime()) };
}

/** Known codes first in their catalogue order (zeros included), then whatever else devices sent, most first. */
function byCodeOf(known: readonly string[], counts: Map<string, number>) {
  const extra = [...counts.entries()].filter(([code]) => !known.includes(code)).sort((a, b) => b[1] - a[1]);
  return [
    ...known.map((code) => ({ code, count: counts.get(code) ?? 0 })),
    ...extra.map(([code, count]) => ({ code, count })),
  ];
}

export function createDashboardService(deps: { db: Db }) {
  const { db } = deps;

  return {
    /** The fleet right now (statuses, presence, charge, partners, categories) and the period's alarms and errors. */
    async overview(caller: Caller, query: DashboardQuery): Promise<DashboardOverview> {
      const filter = filterOf(caller, query);
      const period = periodOf(query);
      const { states, partners, categories, series, names } = await repo.reading(db, async (tx) => {
        const states = await repo.fleetStateCounts(tx, filter);
        const partners = (await repo.fleetBy(tx, filter, 'partner')).sort((a, b) => b.count - a.count);
        const categories = (await repo.fleetBy(tx, filter, 'category')).sort((a, b) => b.count - a.count);
        const series = await repo.alarmErrorSeries(tx, filter, period);
        const names = await repo.names(
          tx,
          filter.scope,
          partners.map((p) => p.id),
          categories.map((c) => c.id),
        );
        return { states, partners, categories, series, names };
      });
      const tally = (key: 'status' | 'iot' | 'battery') => {
        const map = new Map<string, number>();
        for (const row of states) map.set(row[key], (map.get(row[key]) ?? 0) + row.count);
        return map;
      };
      const byStatus = tally('status');
      const iot = tally('iot');
      const battery = tally('battery');

      const buckets = new Map<number, { at: string; alarms: number; errors: number }>();
      let alarms = 0;
      let errors = 0;
      for (const row of series) {
        const at = toIso(row.at);
        const key = Date.parse(at);
        const entry = buckets.get(key) ?? { at, alarms: 0, errors: 0 };
        if (row.type === 'device-alarm') {
          entry.alarms += row.count;
          alarms += row.count;
        } else {
          entry.errors += row.count;
          errors += row.count;
        }
        buckets.set(key, entry);
      }

      return {
        total: states.reduce((sum, row) => sum + row.count, 0),
        byStatus: assetDisplayStatuses.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
        iot: { online: iot.get('online') ?? 0, offline: iot.get('offline') ?? 0, unbound: iot.get('unbound') ?? 0 },
        battery: batteryBuckets.map((bucket) => ({ bucket, count: battery.get(bucket) ?? 0 })),
        byPartner: partners.map(({ id, count }) => ({ id, name: names.partners.get(id) ?? '', count })),
        byCategory: categories.map(({ id, count }) => ({ id, name: names.categories.get(id) ?? '', count })),
        events: { bucket: period.bucket, alarms, errors, series: [...buckets.values()] },
      };
    },

    /** Device alarms (or errors) of the period: by code, by bucket, the assets with most, and those in that state now. */
    async events(caller: Caller, kind: DashboardEventKind, query: DashboardQuery): Promise<DashboardEvents> {
      const filter = filterOf(caller, query);
      const period = periodOf(query);
      const type = dashboardEventType[kind];
      const { series, top, current } = await repo.reading(db, async (tx) => {
        const { series, partnerIds } = await repo.eventSeries(tx, filter, type, period);
        const top = await repo.topAssets(tx, filter, type, period, DASHBOARD_TOP_ASSETS, partnerIds);
        const current = await repo.currentByCode(tx, filter, kind);
        return { series, top, current };
      });
      const counts = new Map<string, number>();
      for (const row of series) {
        const code = row.code ?? 'unknown';
        counts.set(code, (counts.get(code) ?? 0) + row.count);
      }
      return {
        kind,
        bucket: period.bucket,
        total: series.reduce((sum, row) => sum + row.count, 0),
        assets: top.assets,
        byCode: byCodeOf(dashboardEventCodes[kind], counts),
        series: series.map((row) => ({ at: toIso(row.at), code: row.code ?? 'unknown', count: row.count })),
        topAssets: top.top.map((row) => ({
          assetId: row.assetId,
          no: row.no,
          partner: { id: row.partnerId, name: row.partnerName },
          count: row.count,
          lastAt: toIso(row.lastAt),
          lastCode: row.lastCode,
        })),
        current,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
