import {
  MULTI_TRIP_MAX,
  ROUTE_POINTS_MAX,
  TRIP_ADJUST_HOURS,
  TRIP_EXPORT_MAX,
  TRIP_EXPORT_TOO_LARGE_CODE,
  TRIP_EXPORT_TOO_LARGE_MESSAGE,
  type Trail,
  type TrailPoint,
  type TrailQuery,
  type Trip,
  type TripFilter,
  type TripListQuery,
  type TripStatus,
  type TripWithRoute,
} from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { toCsv } from '../../lib/csv.ts';
import { toIso } from '../../lib/rows.ts';
import { assertPartnerInScope } from '../../lib/scope.ts';
import { inTimeSlices } from '../../lib/time-slices.ts';
import { resumeTrips, type Sample } from './trip-builder.ts';
import * as repo from './trips.repo.ts';

const ADJUST_MS = TRIP_ADJUST_HOURS * 3_600_000;
/**
 * Assets are built in batches of about SLICES.sliceMs each: a batch is a few statements whose cost grows with the
 * history read, and on PGlite each statement runs in the event loop the gateway reads from. A fixed batch of 200
 * riding assets five minutes after their last build read 60,000 fixes and held that loop long enough for the
 * broker to drop telemetry. Between batches the builder rests as long as the last one took: trips may lag
 * (document 2 §9), telemetry may not. Building 100,000 rides that all started at once took both cores for 3.5 minutes
 * and held ingest at 17,000/s with reports 24 s late (bench:ingest); at half the pace ingest keeps the lead.
 */
const SLICES = { sliceMs: 100, first: 200, min: 10, max: 500, rest: 1 };

/**
 * How far behind `now` a build saves its state: history up to then is taken as complete. A fix that arrives up
 * to this late still counts exactly; one later than that (and later than its asset's next build) is left out of
 * trips, while its trail keeps it.
 */
export const SETTLE_MS = 2 * 60_000;

/**
 * Builds the trips of the given assets as of `now` (docs/decisions.md "Trips"). An asset with a recent cursor
 * resumes from it and reads only the history after it. Any other is rebuilt from the start of its latest trip
 * when that trip may still be adjusted (ended within 24 h), else from the end of it or from `floor` (default:
 * 24 h ago): older trips are final and never rewritten. Returns the trip rows changed.
 */
export async function buildAssetTrips(
  db: DbOrTx,
  assetIds: string[],
  opts: { now?: Date; floor?: Date } = {},
): Promise<number> {
  const now = opts.now ?? new Date();
  const floor = opts.floor ?? new Date(now.getTime() - ADJUST_MS);
  const horizon = new Date(now.getTime() - SETTLE_MS);
  let changed = 0;
  await inTimeSlices(
    assetIds,
    async (batch) => {
      const contexts = await repo.buildContexts(db, '*', batch);
      const starts = contexts.map((ctx) => startOf(ctx, floor, now, horizon));
      const histories = await repo.historiesOf(
        db,
        '*',
        starts.map((s) => ({ assetId: s.ctx.assetId, from: s.readFrom, before: s.state === null })),
      );
      const rebuilt = starts.map(({ ctx, readFrom, from, state }) => {
        const history = histories.get(ctx.assetId) as repo.History;
        const result = resumeTrips({
          samples: history.samples,
          signals: history.signals,
          state: state ?? { open: null, lastSeen: history.before },
          horizon: horizon.getTime(),
          now: now.getTime(),
          lockedNow: ctx.locked,
        });
        // A build whose window starts after the horizon (a `now` in the past) has nothing settled to save.
        const through = horizon > readFrom ? horizon : new Date(readFrom.getTime() - 1);
        return { ctx, from, built: result.trips, cursor: { through, state: result.state } };
      });
      changed += await db.transaction((tx) => repo.replaceTrips(tx, '*', rebuilt));
    },
    SLICES,
  );
  return changed;
}

/**
 * Where an asset's build starts. With a cursor inside the adjustable window and not ahead of this build's horizon,
 * it resumes there: history is read from just after `through` (timestamps compare in whole milliseconds, as the
 * builder sees them), and trips are rewritten from the open trip's start, or from where the reading starts.
 */
function startOf(ctx: repo.BuildContext, floor: Date, now: Date, horizon: Date) {
  const cursor = ctx.cursor;
  if (cursor && cursor.through >= floor && cursor.through <= horizon) {
    const readFrom = new Date(cursor.through.getTime() + 1);
    const open = cursor.state.open;
    return { ctx, readFrom, from: open ? new Date(open.startedAt) : readFrom, state: cursor.state };
  }
  const from = rebuildFrom(ctx, floor, now);
  return { ctx, readFrom: from, from, state: null };
}

function rebuildFrom(ctx: repo.BuildContext, floor: Date, now: Date): Date {
  if (!ctx.lastStartedAt || !ctx.lastEndedAt) return floor;
  if (ctx.lastEndedAt.getTime() > now.getTime() - ADJUST_MS) return ctx.lastStartedAt;
  // The latest trip is final: start just after it (and never before the floor's window).
  const after = new Date(ctx.lastEndedAt.getTime() + 1);
  return after > floor ? after : floor;
}

/**
 * One round of the trip job: the assets touched since the watermark, less the margin a late fix may take to
 * arrive (the same margin a build's horizon keeps behind `now`).
 */
export async function buildTouchedTrips(db: Db, since: Date, now = new Date()): Promise<number> {
  const ids = await repo.assetsToBuild(db, '*', new Date(since.getTime() - SETTLE_MS));
  return buildAssetTrips(db, ids, { now });
}

const toTrip = (r: repo.TripRow): Trip => ({
  id: r.id,
  asset: { id: r.assetId, no: r.assetNo },
  category: { id: r.categoryId, name: r.categoryName },
  partner: { id: r.partnerId, name: r.partnerName },
  status: r.status as TripStatus,
  source: r.source,
  start: { at: toIso(r.startedAt), lat: r.startLatitude, lng: r.startLongitude },
  end: { at: toIso(r.endedAt), lat: r.endLatitude, lng: r.endLongitude },
  distanceM: Math.round(r.distanceM),
  durationS: Math.max(0, Math.round((r.endedAt.getTime() - r.startedAt.getTime()) / 1000)),
  updatedAt: toIso(r.updatedAt),
});

const toPoint = (s: Sample): TrailPoint => ({
  at: new Date(s.at).toISOString(),
  lng: s.lng,
  lat: s.lat,
  velocity: s.velocity,
});

/** Refuses a partner filter outside the caller's scope (403) instead of answering an empty list. */
function filterOf(caller: Caller, f: TripFilter): repo.TripFilterSql {
  if (f.partnerId) assertPartnerInScope(caller.scope, f.partnerId);
  return { scope: caller.scope, ...f };
}

export function createTripService(deps: { db: Db }) {
  const { db } = deps;

  const routeOf = async (caller: Caller, t: Trip, max: number): Promise<TripWithRoute> => {
    const { points } = await repo.trailOf(db, caller.scope, t.asset.id, new Date(t.start.at), new Date(t.end.at), max);
    return { ...t, route: points.map(toPoint) };
  };

  return {
    /** A page of trips by start time, filtered within the caller's partner scope. */
    async list(caller: Caller, query: TripListQuery): Promise<{ data: Trip[]; count: number }> {
      const filter = filterOf(caller, query);
      const direction = query.sort.endsWith(':asc') ? 'asc' : 'desc';
      const [found, count] = await Promise.all([
        repo.listTrips(db, filter, {
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
          direction,
        }),
        repo.countTrips(db, filter),
      ]);
      return { data: found.map(toTrip), count };
    },

    /** One trip with its route, thinned to about 2,000 points. */
    async get(caller: Caller, id: string): Promise<TripWithRoute> {
      const [row] = await repo.tripsByIds(db, caller.scope, [id]);
      if (!row) throw notFound();
      return routeOf(caller, toTrip(row), ROUTE_POINTS_MAX);
    },

    /** Several trips with their routes (multi-trip map); each route gets a share of the point budget. */
    async routes(caller: Caller, ids: string[]): Promise<TripWithRoute[]> {
      const unique = [...new Set(ids)].slice(0, MULTI_TRIP_MAX);
      const found = await repo.tripsByIds(db, caller.scope, unique);
      if (found.length < unique.length) throw notFound('Some trips do not exist');
      const order = new Map(unique.map((id, i) => [id, i]));
      const sorted = found.map(toTrip).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      const share = Math.max(100, Math.floor(ROUTE_POINTS_MAX / sorted.length));
      return Promise.all(sorted.map((t) => routeOf(caller, t, share)));
    },

    /** One asset's trail over at most 24 hours (the contract checks the range), with the trips started in it. */
    async trail(caller: Caller, query: TrailQuery): Promise<Trail> {
      const asset = await repo.findAsset(db, caller.scope, query.assetNo);
      if (!asset) throw notFound('No asset with this number');
      const from = new Date(query.from);
      const to = new Date(query.to);
      const { total, points } = await repo.trailOf(db, caller.scope, asset.id, from, to);
      const tripRows = await repo.listTrips(
        db,
        { scope: caller.scope, assetNo: asset.no, startFrom: from.toISOString(), startTo: to.toISOString() },
        { limit: 100, offset: 0, direction: 'asc' },
      );
      return {
        asset: { id: asset.id, no: asset.no },
        from: from.toISOString(),
        to: to.toISOString(),
        total,
        points: points.map(toPoint),
        trips: tripRows.map(toTrip),
      };
    },

    /** The trips matching the filters as CSV; more than 2,000 is refused (document 2 §9). */
    async exportCsv(caller: Caller, query: TripFilter): Promise<string> {
      const filter = filterOf(caller, query);
      const count = await repo.countTrips(db, filter);
      if (count > TRIP_EXPORT_MAX)
        throw new DomainError(TRIP_EXPORT_TOO_LARGE_CODE, 422, TRIP_EXPORT_TOO_LARGE_MESSAGE, {
          count,
          max: TRIP_EXPORT_MAX,
        });
      const found = (await repo.listTrips(db, filter, { limit: TRIP_EXPORT_MAX, offset: 0, direction: 'desc' })).map(
        toTrip,
      );
      const header = [
        'assetNo',
        'partner',
        'category',
        'status',
        'source',
        'startTime',
        'startLatitude',
        'startLongitude',
        'endTime',
        'endLatitude',
        'endLongitude',
        'distanceM',
        'durationS',
        'updateTime',
      ];
      const lines = found.map((t) => [
        t.asset.no,
        t.partner.name,
        t.category.name,
        t.status,
        t.source,
        t.start.at,
        t.start.lat,
        t.start.lng,
        t.end.at,
        t.end.lat,
        t.end.lng,
        t.distanceM,
        t.durationS,
        t.updatedAt,
      ]);
      return toCsv(header, lines);
    },
  };
}

export type TripService = ReturnType<typeof createTripService>;
