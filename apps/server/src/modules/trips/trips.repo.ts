import { randomUUID } from 'node:crypto';
import { ROUTE_POINTS_MAX, type TripAssetStatus, tripAssetStatusOf, tripStartEventTypes } from '@fleetdesk/contracts';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assetCategories, assets, jobs, partners, tripCursors, trips } from '../../db/schema/index.ts';
import { inScope, inScopeSql, rows, uuidList } from '../../db/sql.ts';
import type { AllPartners, Scope } from '../../lib/scope.ts';
import { addToOdometers, odometerDeltas, type TripMeasure } from '../reminders/odometer.repo.ts';
import type { BuilderState, BuiltTrip, Sample, Signal } from './trip-builder.ts';

/* ---------- building ---------- */

/**
 * How often an open trip that keeps changing is built at most. A build reads only what came after the asset's
 * cursor, but each costs a few rows of fixed work, and a fleet of 100,000 riding assets built every round would
 * spend them thousands of times a second. Its figures may lag this much; a trip event (lock, scan) is still taken
 * at the next round, and document 2 §9 allows trip statistics to lag up to 48 h.
 */
export const REFRESH_SECONDS = 300;

/**
 * Assets whose trips may have changed since `since`: a moving fix since then (`moved_at`, kept by telemetry
 * ingest), new trip events, or an unfinished trip (time alone may finish it) — an open trip changed within
 * REFRESH_SECONDS waits, unless an event came. A parked asset's still fixes change nothing: with no open trip only
 * movement or an event can start one. Movement is read from the asset row, not from asset_positions: at 20,000
 * fixes/s the positions since the watermark were ~3 million rows to scan every round (1.5 s), while a scan of
 * assets is bounded by the fleet, whatever the ingest rate.
 */
export async function assetsToBuild(db: DbOrTx, _scope: AllPartners, since: Date): Promise<string[]> {
  const at = since.toISOString();
  const found = await rows<{ id: string }>(
    db,
    sql`
      select id from assets a
        where a.moved_at > ${at}::timestamptz
          and not exists (select 1 from trips t where t.asset_id = a.id and t.status <> 'finished'
            and t.updated_at > now() - ${`${REFRESH_SECONDS} seconds`}::interval)
      union
      select distinct asset_id from asset_events
        where occurred_at > ${at}::timestamptz
          and (type in (${sql.join(
            tripStartEventTypes.map((t) => sql`${t}`),
            sql`, `,
          )}) or (type = 'device-report' and data->>'lock' is not null))
      union
      select asset_id from trips where status <> 'finished'
        and updated_at <= now() - ${`${REFRESH_SECONDS} seconds`}::interval`,
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
  /** Where the last build left off, if any. */
  cursor: TripCursor | null;
}

export interface TripCursor {
  through: Date;
  state: BuilderState;
}

/**
 * Each asset's owner, category, lock state, latest trip and trip cursor (one query per batch of assets). Trip
 * building reads and writes for the whole account: its functions take only the scope "*".
 */
export async function buildContexts(db: DbOrTx, _scope: AllPartners, assetIds: string[]): Promise<BuildContext[]> {
  if (assetIds.length === 0) return [];
  const found = await rows<{
    assetId: string;
    partnerId: string;
    categoryId: string;
    lockState: string | null;
    lastStartedAt: string | Date | null;
    lastEndedAt: string | Date | null;
    through: string | Date | null;
    state: BuilderState | string | null;
  }>(
    db,
    sql`
      select a.id as "assetId", a.partner_id as "partnerId", a.category_id as "categoryId",
        a.lock_state as "lockState", t.started_at as "lastStartedAt", t.ended_at as "lastEndedAt",
        c.through, c.state
      from assets a
      left join lateral (
        select started_at, ended_at from trips where trips.asset_id = a.id order by started_at desc limit 1
      ) t on true
      left join trip_cursors c on c.asset_id = a.id
      where a.id in (${uuidList(assetIds)})`,
  );
  const date = (v: string | Date | null) => (v === null ? null : new Date(v));
  return found.map((r) => ({
    assetId: r.assetId,
    partnerId: r.partnerId,
    categoryId: r.categoryId,
    locked: r.lockState === 'LOCKED',
    lastStartedAt: date(r.lastStartedAt),
    lastEndedAt: date(r.lastEndedAt),
    cursor:
      r.through === null || r.state === null
        ? null
        : {
            through: new Date(r.through),
            // Both drivers parse jsonb; text is taken too, as with the dates above (drizzle sets some parsers).
            state: typeof r.state === 'string' ? (JSON.parse(r.state) as BuilderState) : r.state,
          },
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

/** Where each asset's build starts reading: the rows of the batched reads below. */
export interface BuildFrom {
  assetId: string;
  from: Date;
  /** Also read the fix just before `from` (a build that does not resume from a cursor's latest fix). */
  before?: boolean;
}

const fromList = (items: readonly BuildFrom[]) =>
  JSON.stringify(items.map((i) => ({ asset_id: i.assetId, from_at: i.from.toISOString() })));

const batchList = (items: readonly BuildFrom[]) =>
  sql`json_to_recordset(${fromList(items)}::json) as v(asset_id uuid, from_at timestamptz)`;

/**
 * The statements trip building reads a batch with, one index range per asset each. Every read is a lateral
 * subquery with its own `order by` or `limit`: PostgreSQL flattens a plain lateral subquery into a join with the
 * JSON list, and for that join it scanned the whole table (trips and asset_events keep every row ever made) for
 * every batch. Exported for the plan test that keeps it so.
 */
export const historyReads = {
  /** The fix just before each `from` (context for the first fix's movement). */
  before: (items: readonly BuildFrom[]) =>
    sql`select v.asset_id as "assetId", p.at, p.lat, p.lng, p.velocity from ${batchList(items)}
        cross join lateral (
          select recorded_at as at, latitude as lat, longitude as lng, velocity from asset_positions
          where asset_id = v.asset_id and recorded_at < v.from_at order by recorded_at desc limit 1
        ) p`,
  samples: (items: readonly BuildFrom[]) =>
    sql`select v.asset_id as "assetId", p.at, p.lat, p.lng, p.velocity from ${batchList(items)}
        cross join lateral (
          select recorded_at as at, latitude as lat, longitude as lng, velocity from asset_positions
          where asset_id = v.asset_id and recorded_at >= v.from_at order by recorded_at
        ) p
        order by v.asset_id, p.at`,
  events: (items: readonly BuildFrom[]) =>
    sql`select v.asset_id as "assetId", e.at, e.type, e.lock, e.lat, e.lng from ${batchList(items)}
        cross join lateral (
          select occurred_at as at, type, data->>'lock' as lock, latitude as lat, longitude as lng, id
          from asset_events
          where asset_id = v.asset_id and occurred_at >= v.from_at
            and (type in (${sql.join(
              tripStartEventTypes.map((t) => sql`${t}`),
              sql`, `,
            )}) or (type = 'device-report' and data->>'lock' is not null))
          order by occurred_at, id
        ) e
        order by v.asset_id, e.at, e.id`,
  /** The stored trips from each `from` on (the rows a build may rewrite). */
  trips: (items: readonly BuildFrom[]) =>
    sql`select t.id, t.asset_id as "assetId", t.partner_id as "partnerId", t.category_id as "categoryId", t.status,
          t.source, t.started_at as "startedAt", t.start_latitude as "startLatitude",
          t.start_longitude as "startLongitude", t.ended_at as "endedAt", t.end_latitude as "endLatitude",
          t.end_longitude as "endLongitude", t.distance_m as "distanceM", t.point_count as "pointCount"
        from ${batchList(items)}
        cross join lateral (
          select * from trips where asset_id = v.asset_id and started_at >= v.from_at order by started_at
        ) t`,
};

/**
 * The fixes and trip events of many assets, each from its own `from` on (and the fix just before, for those
 * that ask): three statements for a whole batch, each asset one range of the trail index and of the events index, instead of
 * three statements per asset (a riding fleet of thousands made a round of tens of thousands of queries).
 */
export async function historiesOf(
  db: DbOrTx,
  _scope: AllPartners,
  items: readonly BuildFrom[],
): Promise<Map<string, History>> {
  const result = new Map<string, History>(items.map((i) => [i.assetId, { before: null, samples: [], signals: [] }]));
  if (items.length === 0) return result;
  const fresh = items.filter((i) => i.before);
  const before =
    fresh.length === 0 ? [] : await rows<PositionRow & { assetId: string }>(db, historyReads.before(fresh));
  const samples = await rows<PositionRow & { assetId: string }>(db, historyReads.samples(items));
  const events = await rows<{
    assetId: string;
    at: string | Date;
    type: string;
    lock: string | null;
    lat: number | null;
    lng: number | null;
  }>(db, historyReads.events(items));
  for (const r of before) (result.get(r.assetId) as History).before = toSample(r);
  for (const r of samples) (result.get(r.assetId) as History).samples.push(toSample(r));
  for (const e of events) {
    const base = { at: new Date(e.at).getTime(), lat: e.lat, lng: e.lng };
    const signals = (result.get(e.assetId) as History).signals;
    if (e.type !== 'device-report') signals.push({ ...base, kind: 'start', source: e.type });
    else if (e.lock?.toLowerCase() === 'unlocked') signals.push({ ...base, kind: 'start', source: 'unlock' });
    else if (e.lock?.toLowerCase() === 'locked') signals.push({ ...base, kind: 'lock', source: 'lock' });
  }
  return result;
}

type StoredTrip = Omit<typeof trips.$inferSelect, 'updatedAt'>;

/** Each asset's stored trips from its `from` on. */
async function tripsFrom(db: DbOrTx, items: readonly BuildFrom[]): Promise<StoredTrip[]> {
  const found = await rows<
    Omit<StoredTrip, 'startedAt' | 'endedAt'> & { startedAt: string | Date; endedAt: string | Date }
  >(db, historyReads.trips(items));
  return found.map((t) => ({ ...t, startedAt: new Date(t.startedAt), endedAt: new Date(t.endedAt) }));
}

/** One asset's build: its context, the trips built from `from` on, and where the next build resumes. */
export interface Rebuilt {
  ctx: BuildContext;
  from: Date;
  built: BuiltTrip[];
  cursor: TripCursor;
}

/**
 * Writes the built trips of many assets, each from its `from` on: rows keyed by (asset, start) are updated only
 * when something changed (so their update time stays put on an identical rebuild), new ones inserted, vanished
 * ones deleted; and each asset's cursor — one read and at most five writes for the whole batch.
 */
export async function replaceTrips(db: DbOrTx, _scope: AllPartners, rebuilt: readonly Rebuilt[]): Promise<number> {
  if (rebuilt.length === 0) return 0;
  const existing = await tripsFrom(
    db,
    rebuilt.map((r) => ({ assetId: r.ctx.assetId, from: r.from })),
  );
  const byAsset = new Map<string, StoredTrip[]>();
  for (const t of existing) byAsset.set(t.assetId, [...(byAsset.get(t.assetId) ?? []), t]);
  const inserts: (typeof trips.$inferInsert)[] = [];
  const updates: Record<string, unknown>[] = [];
  const gone: string[] = [];
  // What the odometers must move by: the trips as they were and as they are.
  const added: TripMeasure[] = [];
  const changed: { before: TripMeasure; after: TripMeasure }[] = [];
  const removed: TripMeasure[] = [];
  for (const { ctx, built } of rebuilt) {
    const mine = byAsset.get(ctx.assetId) ?? [];
    const byStart = new Map(mine.map((t) => [t.startedAt.getTime(), t]));
    const keep = new Set<string>();
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
      const measure = {
        assetId: ctx.assetId,
        distanceM: b.distanceM,
        startedAt: new Date(b.startedAt),
        endedAt: values.endedAt,
      };
      if (!old) {
        inserts.push({ id: randomUUID(), assetId: ctx.assetId, startedAt: new Date(b.startedAt), ...values });
        added.push(measure);
        continue;
      }
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
      if (!same) {
        updates.push({ id: old.id, ...values, endedAt: values.endedAt.toISOString() });
        changed.push({ before: old, after: measure });
      }
    }
    for (const t of mine) {
      if (keep.has(t.id)) continue;
      gone.push(t.id);
      removed.push(t);
    }
  }
  if (inserts.length > 0) await db.insert(trips).values(inserts);
  if (updates.length > 0) {
    await db.execute(sql`
      update trips t set partner_id = v."partnerId", category_id = v."categoryId", status = v.status,
        source = v.source, start_latitude = v."startLatitude", start_longitude = v."startLongitude",
        ended_at = v."endedAt", end_latitude = v."endLatitude", end_longitude = v."endLongitude",
        distance_m = v."distanceM", point_count = v."pointCount", updated_at = now()
      from json_to_recordset(${JSON.stringify(updates)}::json) as v(id uuid, "partnerId" uuid, "categoryId" uuid,
        status text, source text, "startLatitude" float8, "startLongitude" float8, "endedAt" timestamptz,
        "endLatitude" float8, "endLongitude" float8, "distanceM" float8, "pointCount" int)
      where t.id = v.id`);
  }
  if (gone.length > 0) await db.delete(trips).where(inArray(trips.id, gone));
  // Sorted by asset id, as telemetry ingest sorts its updates of the same rows: both lock them in one order and
  // cannot deadlock (unsorted, a trip round and an ingest batch did, every few rounds, at 25,000 riding assets).
  const statuses = rebuilt
    .map((r) => ({ id: r.ctx.assetId, status: tripStatusOf(r.built) }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  await addToOdometers(db, '*', odometerDeltas(added, changed, removed));
  await db.execute(sql`
    update assets a set trip_status = v.status
    from json_to_recordset(${JSON.stringify(statuses)}::json) as v(id uuid, status text)
    where a.id = v.id and a.trip_status is distinct from v.status`);
  const cursors = rebuilt.map((r) => ({ assetId: r.ctx.assetId, through: r.cursor.through, state: r.cursor.state }));
  await db
    .insert(tripCursors)
    .values(cursors)
    .onConflictDoUpdate({
      target: tripCursors.assetId,
      set: { through: sql`excluded.through`, state: sql`excluded.state` },
    });
  return inserts.length + updates.length + gone.length;
}

/**
 * The asset's trip status after a rebuild (document 2 §4): Ongoing while its latest trip is unfinished. A rebuild
 * starts at the latest trip that may still change, so an empty one means every trip is final.
 */
export function tripStatusOf(built: readonly BuiltTrip[]): TripAssetStatus {
  const latest = built.reduce<BuiltTrip | null>((l, b) => (!l || b.startedAt > l.startedAt ? b : l), null);
  return latest ? tripAssetStatusOf(latest.status) : 'Finished';
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

/** An asset by number within the scope: another partner's asset is absent, like a missing one. */
export async function findAsset(db: DbOrTx, scope: Scope, no: string) {
  const [row] = await db
    .select({ id: assets.id, no: assets.no, partnerId: assets.partnerId })
    .from(assets)
    .where(and(eq(assets.no, no), inScope(scope, assets.partnerId)));
  return row ?? null;
}

/**
 * One asset's positions in [from, to], thinned evenly to at most `max` points (first and last kept), in one
 * index range on (asset_id, recorded_at): the window functions run over that range only.
 */
export async function trailOf(db: DbOrTx, scope: Scope, assetId: string, from: Date, to: Date, max = ROUTE_POINTS_MAX) {
  // Evaluated once for the asset (not per position), so the read stays one range of the trail index.
  const ofScope = inScopeSql(scope, sql`a.partner_id`);
  const inScopeAsset = ofScope
    ? sql`and exists (select 1 from assets a where a.id = ${assetId} and ${ofScope})`
    : sql``;
  const found = await rows<PositionRow & { total: number }>(
    db,
    sql`
      select at, lat, lng, velocity, n as total from (
        select recorded_at as at, latitude as lat, longitude as lng, velocity,
          row_number() over (order by recorded_at) as rn, count(*) over () as n
        from asset_positions
        where asset_id = ${assetId} and recorded_at >= ${from.toISOString()}::timestamptz
          and recorded_at <= ${to.toISOString()}::timestamptz ${inScopeAsset}
      ) p
      where (rn - 1) % greatest(1, ceil(n / ${max}::float8)::int) = 0 or rn = n
      order by at`,
  );
  return { total: Number(found[0]?.total ?? 0), points: found.map(toSample) };
}
