import { z } from 'zod';
import { dataOf, id, isoDateTime, listOf, pageQuery } from './common.ts';
import { endpoint } from './endpoint.ts';
import { requires } from './permissions.ts';

/** Document 2 §4: a trip is ongoing, stopped (temporarily stopped) or finished (completed). */
export const tripStatuses = ['ongoing', 'stopped', 'finished'] as const;
export type TripStatus = (typeof tripStatuses)[number];
export const tripStatus = z.enum(tripStatuses);

/** Document 2 §4 "Trip asset status": an asset on an unfinished trip is Ongoing, else Finished. */
export const tripAssetStatuses = ['Ongoing', 'Finished'] as const;
export type TripAssetStatus = (typeof tripAssetStatuses)[number];
export const tripAssetStatusOf = (status: TripStatus): TripAssetStatus =>
  status === 'finished' ? 'Finished' : 'Ongoing';

/** The asset events a trip may start at (document 2 §3 "asset events used as trip and trail sources"). */
export const tripStartEventTypes = ['customer-renting-scan', 'user-relocation-collect'] as const;

/** Document 2 §9: a trip export holds at most 2,000 rows. */
export const TRIP_EXPORT_MAX = 2000;
export const TRIP_EXPORT_TOO_LARGE_CODE = 'TripExportTooLarge';
export const TRIP_EXPORT_TOO_LARGE_MESSAGE = 'A trip export holds at most 2,000 trips; narrow the filters';
/** How many trips the multi-trip page draws at once. */
export const MULTI_TRIP_MAX = 20;
export const MULTI_TRIP_MAX_MESSAGE = 'Select at most 20 trips';
/** All-trail: one asset over at most 24 hours (document 1 §2.5). */
export const TRAIL_RANGE_MAX_MS = 24 * 3_600_000;
export const TRAIL_RANGE_MAX_MESSAGE = 'A trail covers at most 24 hours';
export const TRAIL_RANGE_ORDER_MESSAGE = 'End must be later than start';
/** A route or trail is thinned to about this many points (evenly, first and last kept). */
export const ROUTE_POINTS_MAX = 2000;
/** Document 2 §9: statistics lag up to 48 h; trips updated within 24 h may still be adjusted. */
export const TRIP_STATS_LAG_HOURS = 48;
export const TRIP_ADJUST_HOURS = 24;

const assetNoFilter = z
  .string()
  .trim()
  .max(64)
  .transform((v) => v.toUpperCase());

/** The trip list's filters (also the export's). Start time range: `startFrom` included, `startTo` not. */
export const tripFilter = z.strictObject({
  assetNo: assetNoFilter.optional(),
  partnerId: id.optional(),
  categoryId: id.optional(),
  status: tripStatus.optional(),
  startFrom: isoDateTime.optional(),
  startTo: isoDateTime.optional(),
});
export type TripFilter = z.infer<typeof tripFilter>;

export const tripSortKeys = ['startedAt'] as const;
export const tripListQuery = tripFilter.extend({
  pageNo: pageQuery.shape.pageNo,
  pageSize: pageQuery.shape.pageSize,
  sort: z
    .string()
    .regex(/^startedAt:(asc|desc)$/, { message: 'Sort must be startedAt:asc or startedAt:desc' })
    .default('startedAt:desc'),
});
export type TripListQuery = z.infer<typeof tripListQuery>;

/** A point of a trail: longitude first, as maps take it; `at` ISO time; velocity km/h. */
export const trailPoint = z.object({
  at: isoDateTime,
  lng: z.number(),
  lat: z.number(),
  velocity: z.number().nullable(),
});
export type TrailPoint = z.infer<typeof trailPoint>;

const endPoint = z.object({ at: isoDateTime, lng: z.number(), lat: z.number() });

/** Document 2 §3 "Trip": asset, category, status, start and end trail, distance, partner, update time. */
export const trip = z.object({
  id,
  asset: z.object({ id, no: z.string() }),
  category: z.object({ id, name: z.string() }),
  partner: z.object({ id, name: z.string() }),
  status: tripStatus,
  /** What opened it: movement, or the asset event (customer-renting-scan, user-relocation-collect). */
  source: z.string(),
  start: endPoint,
  /** The latest point for an unfinished trip. */
  end: endPoint,
  /** Metres, GPS jumps left out. */
  distanceM: z.number(),
  durationS: z.number().int(),
  updatedAt: isoDateTime,
});
export type Trip = z.infer<typeof trip>;

export const tripWithRoute = trip.extend({ route: z.array(trailPoint) });
export type TripWithRoute = z.infer<typeof tripWithRoute>;

export const tripExportInput = tripFilter;

const csvIds = z
  .string()
  .transform((v) => v.split(',').filter(Boolean))
  .pipe(
    z
      .array(id)
      .min(1, { message: 'Please select at least one trip' })
      .max(MULTI_TRIP_MAX, { message: MULTI_TRIP_MAX_MESSAGE }),
  );
export const multiTripQuery = z.strictObject({ ids: csvIds });

export const trailQuery = z
  .strictObject({
    assetNo: assetNoFilter.pipe(z.string().min(1, { message: 'This field is required' })),
    from: isoDateTime,
    to: isoDateTime,
  })
  .superRefine((q, ctx) => {
    const span = Date.parse(q.to) - Date.parse(q.from);
    if (!(span > 0)) ctx.addIssue({ code: 'custom', path: ['to'], message: TRAIL_RANGE_ORDER_MESSAGE });
    else if (span > TRAIL_RANGE_MAX_MS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: TRAIL_RANGE_MAX_MESSAGE });
  });
export type TrailQuery = z.infer<typeof trailQuery>;

export const trail = z.object({
  asset: z.object({ id, no: z.string() }),
  from: isoDateTime,
  to: isoDateTime,
  /** Positions recorded in the range (before thinning). */
  total: z.number().int(),
  points: z.array(trailPoint),
  /** Trips that started in the range, for the legend. */
  trips: z.array(trip),
});
export type Trail = z.infer<typeof trail>;

const read = requires('asset.trip.read');

export const tripEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/asset/trips',
    summary: 'Trips matching the filters, by start time (statistics may lag up to 48 h)',
    tag: 'trips',
    requires: read,
    query: tripListQuery,
    response: listOf(trip),
  }),
  export: endpoint({
    method: 'POST',
    path: '/asset/trips/$export',
    summary: 'The trips matching the filters as CSV, at most 2,000 (422 TripExportTooLarge above)',
    tag: 'trips',
    requires: [['asset.trip.read', 'asset.trip.export_data']],
    body: tripExportInput,
    /** The file itself. */
    response: z.unknown(),
  }),
  routes: endpoint({
    method: 'GET',
    path: '/asset/trips/$routes',
    summary: 'Several trips (at most 20) with their routes, for the multi-trip map',
    tag: 'trips',
    requires: read,
    query: multiTripQuery,
    response: dataOf(z.array(tripWithRoute)),
  }),
  trail: endpoint({
    method: 'GET',
    path: '/asset/trails',
    summary: "One asset's trail over at most 24 hours, thinned to about 2,000 points",
    tag: 'trips',
    requires: read,
    query: trailQuery,
    response: dataOf(trail),
  }),
  get: endpoint({
    method: 'GET',
    path: '/asset/trips/:id',
    summary: 'One trip with its route (thinned to about 2,000 points)',
    tag: 'trips',
    requires: read,
    params: z.strictObject({ id }),
    response: dataOf(tripWithRoute),
  }),
};
