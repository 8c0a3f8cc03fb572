import { IOT_ONLINE_WINDOW_MS } from '@fleetdesk/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { assetCategories, assetEvents, assets, partners } from '../../db/schema/index.ts';
import { inScope, rows } from '../../db/sql.ts';
import { isAll, type Scope } from '../../lib/scope.ts';
import { displayStatusSql } from '../iot/display-status.repo.ts';

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

/** Beyond this many partners an account user's event queries stop naming them and read by time alone. */
const NAMED_PARTNERS_MAX = 500;

/**
 * The partner ids an event query runs over, or null for "every partner". Events are read through
 * (partner_id, type, occurred_at): naming each partner lets PostgreSQL descend that index once per partner
 * instead of scanning all event types, also for callers who see every partner (up to a few hundred).
 */
async function eventPartnerIds(db: DbOrTx, filter: DashboardFilter): Promise<string[] | null> {
  if (filter.partnerId) return [filter.partnerId];
  if (!isAll(filter.scope)) return [...filter.scope];
  // Scope "*": every partner of the account.
  const all = await db
    .select({ id: partners.id })
    .from(partners)
    .limit(NAMED_PARTNERS_MAX + 1);
  return all.length > NAMED_PARTNERS_MAX ? null : all.map((p) => p.id);
}

/** Events of the partners (all when null; none for a partner user whose partners were all removed). */
function eventConditions(
  partnerIds: string[] | null,
  type: string | string[],
  period: Period,
  filter: DashboardFilter,
) {
  return and(
    partnerIds === null ? undefined : partnerIds.length ? inArray(assetEvents.partnerId, partnerIds) : sql`false`,
    typeof type === 'string' ? eq(assetEvents.type, type) : inArray(assetEvents.type, type),
    sql`${assetEvents.occurredAt} >= ${period.from.toISOString()}::timestamptz`,
    sql`${assetEvents.occurredAt} < ${period.to.toISOString()}::timestamptz`,
    filter.categoryId
      ? sql`${assetEvents.assetId} in (select ${assets.id} from ${assets} where ${assets.categoryId} = ${filter.categoryId})`
      : undefined,
  );
}

export interface FleetStateRow {
  status: string;
  iot: string;
  battery: string;
  count: number;
}

/**
 * The fleet right now, in one pass over the assets: counts by display status, device presence and charge
 * bucket together (at most 8 × 3 × 5 groups, hashed in memory), summed per dimension by the service.
 */
export async function fleetStateCounts(db: DbOrTx, filter: DashboardFilter): Promise<FleetStateRow[]> {
  const onlineSince = sql`now() - ${`${IOT_ONLINE_WINDOW_MS} milliseconds`}::interval`;
  const where = assetConditions(filter);
  return rows<FleetStateRow>(
    db,
    sql`
      select ${displayStatusSql()} as status,
        case when ${assets.iotDeviceNo} is null then 'unbound'
             when ${assets.iotLastUpdateTime} > ${onlineSince} then 'online'
             else 'offline' end as iot,
        case when ${assets.chargePct} is null then 'unknown'
             when ${assets.chargePct} < 20 then '0-20'
             when ${assets.chargePct} < 50 then '20-50'
             when ${assets.chargePct} < 80 then '50-80'
             else '80-100' end as battery,
        count(*)::int as count
      from ${assets}
      ${where ? sql`where ${where}` : sql``}
      group by 1, 2, 3`,
  );
}

/** Assets per partner or per category (their indexes answer these). */
export async function fleetBy(db: DbOrTx, filter: DashboardFilter, by: 'partner' | 'category') {
  const column = by === 'partner' ? assets.partnerId : assets.categoryId;
  return db
    .select({ id: column, count: sql<number>`count(*)::int` })
    .from(assets)
    .where(assetConditions(filter))
    .groupBy(column);
}

/** Names of in-scope partners and of categories by id (for the counts above). */
export async function names(db: DbOrTx, scope: Scope, partnerIds: string[], categoryIds: string[]) {
  const [p, c] = await Promise.all([
    partnerIds.length
      ? db
          .select({ id: partners.id, name: partners.name })
          .from(partners)
          .where(and(inArray(partners.id, partnerIds), inScope(scope, partners.id)))
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

/**
 * Events of the period per bucket (hour or day in the caller's time zone), in two steps: first per quarter of
 * an hour in UTC (date_bin: cheap, and every time zone's hours and days start on a quarter hour), then those
 * few thousand rows per local bucket. Converting each event's time to a zone costs more than the scan itself.
 */
function bucketed(period: Period, where: SQL | undefined, byCode: boolean) {
  return sql`
    select date_trunc(${period.bucket}, bin, ${period.timeZone}) as at, type, code, sum(n)::int as count
    from (
      select date_bin('15 minutes', ${assetEvents.occurredAt}, timestamptz '2000-01-01') as bin,
        ${assetEvents.type} as type,
        ${byCode ? sql`coalesce(${assetEvents.code}, 'unknown')` : sql`null::text`} as code,
        count(*) as n
      from ${assetEvents}
      where ${where}
      group by 1, 2, 3
    ) binned
    group by 1, 2, 3
    order by 1, 2, 3`;
}

export type BucketRow = { at: Date | string; type: string; code: string | null; count: number };

/** Alarms and errors of the period per bucket (overview tab). */
export async function alarmErrorSeries(db: DbOrTx, filter: DashboardFilter, period: Period) {
  const partnerIds = await eventPartnerIds(db, filter);
  const where = eventConditions(partnerIds, ['device-alarm', 'device-error'], period, filter);
  return rows<BucketRow>(db, bucketed(period, where, false));
}

/** Events of one type in the period per bucket and code. */
export async function eventSeries(db: DbOrTx, filter: DashboardFilter, type: string, period: Period) {
  const partnerIds = await eventPartnerIds(db, filter);
  const series = await rows<BucketRow>(db, bucketed(period, eventConditions(partnerIds, type, period, filter), true));
  return { series, partnerIds };
}

/**
 * The assets that raised most events of one type in the period, with their latest code, and how many assets
 * raised any: one aggregate per asset serves both (the window count sees every group before the limit).
 */
export async function topAssets(
  db: DbOrTx,
  filter: DashboardFilter,
  type: string,
  period: Period,
  limit: number,
  partnerIds: string[] | null,
) {
  const where = eventConditions(partnerIds, type, period, filter);
  const found = await rows<{
    assetId: string;
    no: string;
    partnerId: string;
    partnerName: string;
    count: number;
    lastAt: Date | string;
    lastCode: string | null;
    assets: number;
  }>(
    db,
    sql`
      with top as (
        select ${assetEvents.assetId} as asset_id, count(*)::int as n, max(${assetEvents.occurredAt}) as last_at,
          (count(*) over ())::int as assets
        from ${assetEvents}
        where ${where}
        group by 1
        order by n desc, last_at desc, asset_id
        limit ${limit}
      )
      select top.asset_id as "assetId", ${assets.no} as no, ${partners.id} as "partnerId",
        ${partners.name} as "partnerName", top.n as count, top.last_at as "lastAt", top.assets,
        (select e.code from ${assetEvents} e
          where e.asset_id = top.asset_id and e.type = ${type} and e.occurred_at = top.last_at limit 1) as "lastCode"
      from top
      join ${assets} on ${assets.id} = top.asset_id
      join ${partners} on ${partners.id} = ${assets.partnerId}
      order by top.n desc, top.last_at desc, top.asset_id`,
  );
  return { top: found, assets: found[0]?.assets ?? 0 };
}

/** Right now: assets whose display status is Alarm (or Error), by their latest code, most first. */
export async function currentByCode(db: DbOrTx, filter: DashboardFilter, kind: 'alarm' | 'error') {
  const status = kind === 'alarm' ? 'Alarm' : 'Error';
  const code = kind === 'alarm' ? assets.alarmCode : assets.errorCode;
  const codeOrUnknown = sql<string>`coalesce(${code}, 'unknown')`;
  return db
    .select({ code: codeOrUnknown, count: sql<number>`count(*)::int` })
    .from(assets)
    .where(and(assetConditions(filter), sql`${displayStatusSql()} = ${status}`))
    .groupBy(sql`1`)
    .orderBy(desc(sql`2`), asc(sql`1`));
}

/**
 * Runs the queries of one dashboard answer in one transaction with room to aggregate in memory: a month of a
 * large fleet's alarms groups by asset into ~100k rows, which the default 4 MB would spill to disk.
 */
export function reading<T>(db: Db, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '32MB'`);
    return work(tx);
  });
}
