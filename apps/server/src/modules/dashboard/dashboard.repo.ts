import { IOT_ONLINE_WINDOW_MS } from '@fleetdesk/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assetCategories, assetEvents, assets, partners } from '../../db/schema/index.ts';
import { rows } from '../../lib/rows.ts';
import { inScope, isAll, type Scope } from '../../lib/scope.ts';
import { displayStatusSql } from '../iot/display-status.ts';

/** What narrows the dashboard: always the caller's scope, then the optional partner and category filters. */
export interface DashboardFilter {
  scope: Scope;
  partnerId?: string;
  categoryId?: string;
}

export interface Period {
  from: Date;
  to: Date;
  timeZone: string;
  bucket: 'hour' | 'day';
}

function assetConditions(filter: DashboardFilter): SQL | undefined {
  return and(
    inScope(filter.scope, assets.partnerId),
    filter.partnerId ? eq(assets.partnerId, filter.partnerId) : undefined,
    filter.categoryId ? eq(assets.categoryId, filter.categoryId) : undefined,
  );
}

/**
 * The partner ids an event query runs over. Events are read through (partner_id, type, occurred_at): naming
 * each partner lets PostgreSQL descend that index once per partner instead of scanning all event types, also
 * for callers who see every partner.
 */
async function eventPartnerIds(db: DbOrTx, filter: DashboardFilter): Promise<string[]> {
  if (filter.partnerId) return [filter.partnerId];
  if (!isAll(filter.scope)) return [...filter.scope];
  const all = await db.select({ id: partners.id }).from(partners);
  return all.map((p) => p.id);
}

/** `in (…)` over the partner ids, or false when there are none (a partner user whose partners were removed). */
function eventConditions(partnerIds: string[], type: string | string[], period: Period, filter: DashboardFilter) {
  return and(
    partnerIds.length ? inArray(assetEvents.partnerId, partnerIds) : sql`false`,
    typeof type === 'string' ? eq(assetEvents.type, type) : inArray(assetEvents.type, type),
    sql`${assetEvents.occurredAt} >= ${period.from.toISOString()}::timestamptz`,
    sql`${assetEvents.occurredAt} < ${period.to.toISOString()}::timestamptz`,
    filter.categoryId
      ? sql`${assetEvents.assetId} in (select ${assets.id} from ${assets} where ${assets.categoryId} = ${filter.categoryId})`
      : undefined,
  );
}

/** The start of an event's hour or day in the caller's time zone. */
const bucketOf = (period: Period) =>
  sql`date_trunc(${period.bucket}, ${assetEvents.occurredAt}, ${period.timeZone})`.mapWith(
    (v: Date | string) => new Date(v),
  );

export interface FleetCountRow {
  status: string | null;
  partnerId: string | null;
  categoryId: string | null;
  iot: string | null;
  battery: string | null;
  count: number;
}

/**
 * The fleet right now in one pass over the assets: counts by display status, by partner, by category, by
 * device presence and by charge bucket (one grouping set each).
 */
export async function fleetCounts(db: DbOrTx, filter: DashboardFilter): Promise<FleetCountRow[]> {
  const onlineSince = sql`now() - ${`${IOT_ONLINE_WINDOW_MS} milliseconds`}::interval`;
  const where = assetConditions(filter);
  return rows<FleetCountRow>(
    db,
    sql`
      select status, partner_id as "partnerId", category_id as "categoryId", iot, battery, count(*)::int as count
      from (
        select ${displayStatusSql()} as status,
          ${assets.partnerId} as partner_id,
          ${assets.categoryId} as category_id,
          case when ${assets.iotDeviceNo} is null then 'unbound'
               when ${assets.iotLastUpdateTime} > ${onlineSince} then 'online'
               else 'offline' end as iot,
          case when ${assets.chargePct} is null then 'unknown'
               when ${assets.chargePct} < 20 then '0-20'
               when ${assets.chargePct} < 50 then '20-50'
               when ${assets.chargePct} < 80 then '50-80'
               else '80-100' end as battery
        from ${assets}
        ${where ? sql`where ${where}` : sql``}
      ) a
      group by grouping sets ((status), (partner_id), (category_id), (iot), (battery))`,
  );
}

/** Names of partners and categories by id (for the counts above). */
export async function names(db: DbOrTx, partnerIds: string[], categoryIds: string[]) {
  const [p, c] = await Promise.all([
    partnerIds.length
      ? db.select({ id: partners.id, name: partners.name }).from(partners).where(inArray(partners.id, partnerIds))
      : [],
    categoryIds.length
      ? db
          .select({ id: assetCategories.id, name: assetCategories.name })
          .from(assetCategories)
          .where(inArray(assetCategories.id, categoryIds))
      : [],
  ]);
  return { partners: new Map(p.map((r) => [r.id, r.name])), categories: new Map(c.map((r) => [r.id, r.name])) };
}

/** Alarms and errors of the period per bucket (overview tab). */
export async function alarmErrorSeries(db: DbOrTx, filter: DashboardFilter, period: Period) {
  const partnerIds = await eventPartnerIds(db, filter);
  const at = bucketOf(period);
  return db
    .select({ at, type: assetEvents.type, count: sql<number>`count(*)::int` })
    .from(assetEvents)
    .where(eventConditions(partnerIds, ['device-alarm', 'device-error'], period, filter))
    .groupBy(sql`1`, assetEvents.type)
    .orderBy(sql`1`);
}

/** Events of one type in the period per bucket and code. */
export async function eventSeries(db: DbOrTx, filter: DashboardFilter, type: string, period: Period) {
  const partnerIds = await eventPartnerIds(db, filter);
  const at = bucketOf(period);
  const code = sql<string>`coalesce(${assetEvents.code}, 'unknown')`;
  const where = eventConditions(partnerIds, type, period, filter);
  const [series, [distinct]] = await Promise.all([
    db
      .select({ at, code, count: sql<number>`count(*)::int` })
      .from(assetEvents)
      .where(where)
      .groupBy(sql`1`, sql`2`)
      .orderBy(sql`1`, sql`2`),
    db
      .select({ assets: sql<number>`count(distinct ${assetEvents.assetId})::int` })
      .from(assetEvents)
      .where(where),
  ]);
  return { series, assets: distinct?.assets ?? 0, partnerIds };
}

/** The assets that raised most events of one type in the period, with their latest one. */
export async function topAssets(
  db: DbOrTx,
  filter: DashboardFilter,
  type: string,
  period: Period,
  limit: number,
  partnerIds: string[],
) {
  const where = eventConditions(partnerIds, type, period, filter);
  return rows<{
    assetId: string;
    no: string;
    partnerId: string;
    partnerName: string;
    count: number;
    lastAt: Date | string;
    lastCode: string | null;
  }>(
    db,
    sql`
      with top as (
        select ${assetEvents.assetId} as asset_id, count(*)::int as n, max(${assetEvents.occurredAt}) as last_at
        from ${assetEvents}
        where ${where}
        group by 1
        order by n desc, last_at desc
        limit ${limit}
      )
      select top.asset_id as "assetId", ${assets.no} as no, ${partners.id} as "partnerId",
        ${partners.name} as "partnerName", top.n as count, top.last_at as "lastAt",
        (select e.code from ${assetEvents} e
          where e.asset_id = top.asset_id and e.type = ${type} and e.occurred_at = top.last_at limit 1) as "lastCode"
      from top
      join ${assets} on ${assets.id} = top.asset_id
      join ${partners} on ${partners.id} = ${assets.partnerId}
      order by top.n desc, top.last_at desc`,
  );
}

/** Right now: assets whose display status is Alarm (or Error), by their latest code. */
export async function currentByCode(db: DbOrTx, filter: DashboardFilter, kind: 'alarm' | 'error') {
  const status = kind === 'alarm' ? 'Alarm' : 'Error';
  const code = kind === 'alarm' ? assets.alarmCode : assets.errorCode;
  const codeOrUnknown = sql<string>`coalesce(${code}, 'unknown')`;
  return db
    .select({ code: codeOrUnknown, count: sql<number>`count(*)::int` })
    .from(assets)
    .where(and(assetConditions(filter), sql`${displayStatusSql()} = ${status}`))
    .groupBy(sql`1`)
    .orderBy(asc(sql`1`));
}
