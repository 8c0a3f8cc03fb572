import { randomUUID } from 'node:crypto';
import { ROUTE_POINTS_MAX, tripStartEventTypes } from '@fleetdesk/contracts';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assetCategories, assets, jobs, partners, trips } from '../../db/schema/index.ts';
import { rows } from '../../lib/rows.ts';
import { inScope, type Scope } from '../../lib/scope.ts';
import { type BuiltTrip, MOVING_KMH, type Sample, type Signal } from './trip-builder.ts';

/* ---------- building ---------- */

/**
 * Assets whose trips may have changed since `since`: new moving fixes (the BRIN on recorded_at), new trip
 * events, or an unfinished trip (time alone may finish it). A parked asset's still fixes change nothing: with
 * no open trip only movement or an event can start one, so the fleet's parked reports are not re-read.
 */
export async function assetsToBuild(db: DbOrTx, since: Date): Promise<string[]> {
  const at = since.toISOString();
  const found = await rows<{ id: string }>(
    db,
    sql`
      select distinct asset_id as id from asset_positions
        where recorded_at > ${at}::timestamptz and (velocity is null or velocity >= ${MOVING_KMH})
      union
      select distinct asset_id from asset_events
        where occurred_at > ${at}::timestamptz
          and (type in (${sql.join(
            tripStartEventTypes.map((t) => sql`${t}`),
            sql`, `,
          )}) or (type = 'device-report' and data->>'lock' is not null))
      union
      select asset_id from trips where status <> 'finished'`,
  );
  return found.map((r) => r.id);
}

export interface BuildContext {
  assetId: string;
  partnerId: string;
  categoryId: string;
  locked: boolean;
  /** The latest trip's start and end, if any. */
  lastStartedAt: Date | null;
  lastEndedAt: Date | null;
}

/** Each asset's owner, category, lock state and latest trip (one query per batch of assets). */
export async function buildContexts(db: DbOrTx, assetIds: string[]): Promise<BuildContext[]> {
  if (assetIds.length === 0) return [];
  const found = await rows<{
    assetId: string;
    partnerId: string;
    categoryId: string;
    lockState: string | null;
    lastStartedAt: string | Date | null;
    lastEndedAt: string | Date | null;
  }>(
    db,
    sql`
      select a.id as "assetId", a.partner_id as "partnerId", a.category_id as "categoryId",
        a.lock_state as "lockState", t.started_at as "lastStartedAt", t.ended_at as "lastEndedAt"
      from assets a
      left join lateral (
        select started_at, ended_at from trips where trips.asset_id = a.id order by started_at desc limit 1
      ) t on true
      where a.id in (${sql.join(
        assetIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
  const date = (v: string | Date | null) => (v === null ? null : new Date(v));
  return found.map((r) => ({
    assetId: r.assetId,
    partnerId: r.partnerId,
    categoryId: r.categoryId,
    locked: r.lockState === 'LOCKED',
    lastStartedAt: date(r.lastStartedAt),
    lastEndedAt: date(r.lastEndedAt),
  }));
}

export interface History {
  before: Sample | null;
  samples: Sample[];
  signals: Signal[];
}

type PositionRow = { at: string | Date; lat: number; lng: number; velocity: number | null };
const toSample = (r: PositionRow): Sample => ({
  at: new Date(r.at).getTime(),
  lat: Number(r.lat),
  lng: Number(r.lng),
  velocity: r.velocity === null ? null : Number(r.velocity),
});

/** One asset's fixes and trip events from `from` on (and the fix just before): index ranges on (asset_id, time). */
export async function historyOf(db: DbOrTx, assetId: string, from: Date): Promise<History> {
  const at = from.toISOString();
  const before = await rows<PositionRow>(
    db,
    sql`select recorded_at as at, latitude as lat, longitude as lng, velocity from asset_positions
        where asset_id = ${assetId} and recorded_at < ${at}::timestamptz order by recorded_at desc limit 1`,
  );
  const samples = await rows<PositionRow>(
    db,
    sql`select recorded_at as at, latitude as lat, longitude as lng, velocity from asset_positions
        where asset_id = ${assetId} and recorded_at >= ${at}::timestamptz order by recorded_at`,
  );
  const events = await rows<{
    at: string | Date;
    type: string;
    lock: string | null;
    lat: number | null;
    lng: number | null;
  }>(
    db,
    sql`select occurred_at as at, type, data->>'lock' as lock, latitude as lat, longitude as lng from asset_events
        where asset_id = ${assetId} and occurred_at >= ${at}::timestamptz
          and (type in (${sql.join(
            tripStartEventTypes.map((t) => sql`${t}`),
            sql`, `,
          )}) or (type = 'device-report' and data->>'lock' is not null))
        order by occurred_at, id`,
  );
  const signals: Signal[] = [];
  for (const e of events) {
    const base = { at: new Date(e.at).getTime(), lat: e.lat, lng: e.lng };
    if (e.type !== 'device-report') signals.push({ ...base, kind: 'start', source: e.type });
    else if (e.lock?.toLowerCase() === 'unlocked') signals.push({ ...base, kind: 'start', source: 'unlock' });
    else if (e.lock?.toLowerCase() === 'locked') signals.push({ ...base, kind: 'lock', source: 'lock' });
  }
  return { before: before[0] ? toSample(before[0]) : null, samples: samples.map(toSample), signals };
}

/**
 * Writes one asset's rebuilt trips from `from` on: rows keyed by (asset, start) are updated only when something
 * changed (so their update time stays put on an identical rebuild), new ones inserted, vanished ones deleted.
 */
export async function replaceTrips(db: DbOrTx, ctx: BuildContext, from: Date, built: BuiltTrip[]): Promise<number> {
  const existing = await db
    .select()
    .from(trips)
    .where(and(eq(trips.assetId, ctx.assetId), gte(trips.startedAt, from)));
  const byStart = new Map(existing.map((t) => [t.startedAt.getTime(), t]));
  let changed = 0;
  const keep = new Set<string>();
  const inserts: (typeof trips.$inferInsert)[] = [];
  for (const b of built) {
    const values = {
      partnerId: ctx.partnerId,
      categoryId: ctx.categoryId,
      status: b.status,
      source: b.source,
      startLatitude: b.start.lat,
      startLongitude: b.start.lng,
      endedAt: new Date(b.endedAt),
      endLatitude: b.end.lat,
      endLongitude: b.end.lng,
      distanceM: b.distanceM,
      pointCount: b.pointCount,
    };
    const old = byStart.get(b.startedAt);
    if (old) {
      keep.add(old.id);
      const same =
        old.partnerId === values.partnerId &&
        old.categoryId === values.categoryId &&
        old.status === values.status &&
        old.source === values.source &&
        old.startLatitude === values.startLatitude &&
        old.startLongitude === values.startLongitude &&
        old.endedAt.getTime() === b.endedAt &&
        old.endLatitude === values.endLatitude &&
        old.endLongitude === values.endLongitude &&
        old.distanceM === values.distanceM &&
        old.pointCount === values.pointCount;
      if (same) continue;
      await db
        .update(trips)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(trips.id, old.id));
    } else {
      inserts.push({ id: randomUUID(), assetId: ctx.assetId, startedAt: new Date(b.startedAt), ...values });
    }
    changed++;
  }
  if (inserts.length > 0) await db.insert(trips).values(inserts);
  const gone = existing.filter((t) => !keep.has(t.id)).map((t) => t.id);
  if (gone.length > 0) {
    await db.delete(trips).where(inArray(trips.id, gone));
    changed += gone.length;
  }
  return changed;
}

/** The trip job keeps its watermark (the last run's start) in its own payload. */
export async function saveWatermark(db: DbOrTx, jobId: string, since: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ payload: { since: since.toISOString() } })
    .where(eq(jobs.id, jobId));
}

/* ---------- reading ---------- */

export interface TripFilterSql {
  scope: Scope;
  assetNo?: string;
  partnerId?: string;
  categoryId?: string;
  status?: string;
  startFrom?: string;
  startTo?: string;
}

function conditions(f: TripFilterSql): SQL | undefined {
  return and(
    inScope(f.scope, trips.partnerId),
    f.partnerId ? eq(trips.partnerId, f.partnerId) : undefined,
    f.categoryId ? eq(trips.categoryId, f.categoryId) : undefined,
    f.status ? eq(trips.status, f.status) : undefined,
    f.startFrom ? gte(trips.startedAt, new Date(f.startFrom)) : undefined,
    f.startTo ? lt(trips.startedAt, new Date(f.startTo)) : undefined,
    f.assetNo
      ? sql`${trips.assetId} in (select ${assets.id} from ${assets} where ${assets.no} = ${f.assetNo})`
      : undefined,
  );
}

const tripColumns = {
  id: trips.id,
  assetId: trips.assetId,
  assetNo: assets.no,
  categoryId: trips.categoryId,
  categoryName: assetCategories.name,
  partnerId: trips.partnerId,
  partnerName: partners.name,
  status: trips.status,
  source: trips.source,
  startedAt: trips.startedAt,
  startLatitude: trips.startLatitude,
  startLongitude: trips.startLongitude,
  endedAt: trips.endedAt,
  endLatitude: trips.endLatitude,
  endLongitude: trips.endLongitude,
  distanceM: trips.distanceM,
  updatedAt: trips.updatedAt,
};

function selectTrips(db: DbOrTx) {
  return db
    .select(tripColumns)
    .from(trips)
    .innerJoin(assets, eq(assets.id, trips.assetId))
    .innerJoin(partners, eq(partners.id, trips.partnerId))
    .innerJoin(assetCategories, eq(assetCategories.id, trips.categoryId));
}

export type TripRow = Awaited<ReturnType<typeof listTrips>>[number];

/** A page of trips by start time (the started_at index, or partner + started_at for a partner's trips). */
export async function listTrips(
  db: DbOrTx,
  filter: TripFilterSql,
  page: { limit: number; offset: number; direction: 'asc' | 'desc' },
) {
  const order =
    page.direction === 'asc' ? [asc(trips.startedAt), asc(trips.id)] : [desc(trips.startedAt), desc(trips.id)];
  return selectTrips(db)
    .where(conditions(filter))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
}

export async function countTrips(db: DbOrTx, filter: TripFilterSql): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(trips).where(conditions(filter));
  return Number(row?.count ?? 0);
}

/** Trips by id, within the caller's scope (out-of-scope ids simply are not found). */
export async function tripsByIds(db: DbOrTx, scope: Scope, ids: string[]) {
  if (ids.length === 0) return [];
  return selectTrips(db).where(and(inArray(trips.id, ids), inScope(scope, trips.partnerId)));
}

export async function findAsset(db: DbOrTx, scope: Scope, no: string) {
  const [row] = await db
    .select({ id: assets.id, no: assets.no, partnerId: assets.partnerId })
    .from(assets)
    .where(and(eq(assets.no, no), inScope(scope, assets.partnerId)));
  return row ?? null;
}

export async function assetExists(db: DbOrTx, no: string): Promise<boolean> {
  const [row] = await db.select({ id: assets.id }).from(assets).where(eq(assets.no, no));
  return Boolean(row);
}

/**
 * One asset's positions in [from, to], thinned evenly to at most `max` points (first and last kept), in one
 * index range on (asset_id, recorded_at): the window functions run over that range only.
 */
export async function trailOf(db: DbOrTx, assetId: string, from: Date, to: Date, max = ROUTE_POINTS_MAX) {
  const found = await rows<PositionRow & { total: number }>(
    db,
    sql`
      select at, lat, lng, velocity, n as total from (
        select recorded_at as at, latitude as lat, longitude as lng, velocity,
          row_number() over (order by recorded_at) as rn, count(*) over () as n
        from asset_positions
        where asset_id = ${assetId} and recorded_at >= ${from.toISOString()}::timestamptz
          and recorded_at <= ${to.toISOString()}::timestamptz
      ) p
      where (rn - 1) % greatest(1, ceil(n / ${max}::float8)::int) = 0 or rn = n
      order by at`,
  );
  return { total: Number(found[0]?.total ?? 0), points: found.map(toSample) };
}
