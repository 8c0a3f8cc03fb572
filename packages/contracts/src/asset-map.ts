import { z } from 'zod';
import { assetQueryInput } from './asset-query.ts';
import { dataOf, id, isoDateTime } from './common.ts';
import { endpoint } from './endpoint.ts';
import { assetDisplayStatus } from './iot.ts';
import { requires } from './permissions.ts';

/**
 * The asset map (document 1 §2.3 /asset/map, §6.2 asset.map.basic): the assets of a viewport, clustered on a
 * grid below ASSET_MAP_ASSETS_MIN_ZOOM and one by one from it, plus a live stream of what changes there.
 */

/** From this zoom on the map shows single assets; below it, clusters of a zoom-dependent grid. */
export const ASSET_MAP_ASSETS_MIN_ZOOM = 14;
export const ASSET_MAP_MAX_ZOOM = 22;
/** Grid cell size in screen pixels (512-pixel world at zoom 0, as MapLibre draws it). */
export const ASSET_MAP_CELL_PX = 64;
/** A viewport may be at most this many pixels wide or high at its zoom (a big screen, not the world at zoom 13). */
export const ASSET_MAP_VIEWPORT_MAX_PX = 4096;
/** More single assets than this in one viewport → 422 TooManyMapResults (document 2 §8). */
export const ASSET_MAP_ASSETS_MAX = 2_000;
/** Web Mercator stops here; positions beyond are drawn at the edge. */
export const ASSET_MAP_MAX_LATITUDE = 85.05112878;
/**
 * Web Mercator as MapLibre draws it: a position as fractions of the world's width and height (x eastwards from
 * the antimeridian, y southwards from the top edge), latitudes clamped to ASSET_MAP_MAX_LATITUDE. The server's
 * map cells, the console's predicted first view and the map bench all project with it.
 */
export function mercatorOf(lng: number, lat: number): { x: number; y: number } {
  const phi = (Math.max(-ASSET_MAP_MAX_LATITUDE, Math.min(ASSET_MAP_MAX_LATITUDE, lat)) * Math.PI) / 180;
  return { x: (lng + 180) / 360, y: (1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2 };
}

/** The inverse of mercatorOf: the position at fractions x, y of the world. */
export function positionAt(x: number, y: number): { lng: number; lat: number } {
  return { lng: x * 360 - 180, lat: (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI };
}

/** How often the live stream looks for changes in the viewport. */
export const ASSET_MAP_LIVE_INTERVAL_MS = 5_000;
/** A live stream ends after this long; the client reconnects (to any instance, with the session checked again). */
export const ASSET_MAP_LIVE_MAX_MS = 5 * 60_000;

export const TOO_MANY_MAP_RESULTS = 'TooManyMapResults';
/** Document 2 §8 "too many map results asks to zoom in". */
export const TOO_MANY_MAP_RESULTS_MESSAGE = 'Too many results, zoom in';
export const VIEWPORT_MESSAGE = 'South must be below north';
export const VIEWPORT_TOO_LARGE_MESSAGE = 'The viewport is larger than a screen at this zoom';

const longitude = z.number().min(-180).max(180);
const latitude = z.number().min(-90).max(90);

/**
 * The visible area in degrees. `west > east` is a viewport across the antimeridian (west 170, east -170);
 * the client wraps longitudes of repeated world copies into -180..180 first.
 */
export const mapViewport = z
  .strictObject({ west: longitude, south: latitude, east: longitude, north: latitude })
  .refine((v) => v.south < v.north, { message: VIEWPORT_MESSAGE, path: ['north'] });
export type MapViewport = z.infer<typeof mapViewport>;

/** Web Mercator y of a latitude, 0 at the top (85.05°N) to 1 at the bottom, as the server's grid uses it. */
export function mercatorY(lat: number): number {
  const clamped = Math.max(-ASSET_MAP_MAX_LATITUDE, Math.min(ASSET_MAP_MAX_LATITUDE, lat));
  const phi = (clamped * Math.PI) / 180;
  return (1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2;
}

/** Width and height of a viewport in screen pixels at a zoom. */
export function viewportPixels(v: MapViewport, zoom: number): { width: number; height: number } {
  const world = 512 * 2 ** zoom;
  const span = v.west <= v.east ? v.east - v.west : 360 - (v.west - v.east);
  return { width: (span / 360) * world, height: (mercatorY(v.south) - mercatorY(v.north)) * world };
}

/** The filters of the asset list's `$query` body (no paging, no sort), the viewport and the zoom. */
export const assetMapInput = assetQueryInput
  .omit({ pageNo: true, pageSize: true, cursor: true, sort: true })
  .extend({ viewport: mapViewport, zoom: z.number().min(0).max(ASSET_MAP_MAX_ZOOM) })
  .superRefine((input, ctx) => {
    const { width, height } = viewportPixels(input.viewport, input.zoom);
    if (width > ASSET_MAP_VIEWPORT_MAX_PX + 1 || height > ASSET_MAP_VIEWPORT_MAX_PX + 1) {
      ctx.addIssue({ code: 'custom', message: VIEWPORT_TOO_LARGE_MESSAGE, path: ['viewport'] });
    }
  });
export type AssetMapInput = z.infer<typeof assetMapInput>;
export type AssetMapBody = z.input<typeof assetMapInput>;

/** One asset on the map: where it is and what the popup shows. */
export const assetMapAsset = z.object({
  no: z.string(),
  lng: z.number(),
  lat: z.number(),
  status: assetDisplayStatus,
  chargePct: z.number().int().nullable(),
  lockState: z.string().nullable(),
  iotLastUpdateTime: isoDateTime.nullable(),
  /** The bound device's vendor (its model decides the quick commands); null without a device. */
  iotVendor: z.string().nullable(),
  categoryId: id,
  partnerId: id,
});
export type AssetMapAsset = z.infer<typeof assetMapAsset>;

/** The assets of one grid cell: how many, where their centre is, how many per display status, their extent. */
export const assetMapCluster = z.object({
  lng: z.number(),
  lat: z.number(),
  count: z.number().int(),
  /** Only the statuses present. */
  statuses: z.partialRecord(assetDisplayStatus, z.number().int()),
  /** [west, south, east, north] of the members: zooming to it splits the cluster. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});
export type AssetMapCluster = z.infer<typeof assetMapCluster>;

export const assetMapData = z.object({
  /** `clusters` below ASSET_MAP_ASSETS_MIN_ZOOM (a cell with one asset comes as that asset), else `assets`. */
  mode: z.enum(['clusters', 'assets']),
  clusters: z.array(assetMapCluster),
  assets: z.array(assetMapAsset),
  /** Matching assets with a position in the viewport. */
  total: z.number().int(),
  /** A digest of this answer: the live stream sends nothing until the viewport differs from it. */
  version: z.string(),
});
export type AssetMapData = z.infer<typeof assetMapData>;

export const assetMapLiveInput = assetMapInput.safeExtend({
  /** The `version` the client shows; the stream then starts with changes instead of a snapshot. */
  version: z.string().max(64).optional(),
});
export type AssetMapLiveBody = z.input<typeof assetMapLiveInput>;

/**
 * The events of the live stream (text/event-stream, `event:` the type, `data:` the JSON below):
 * - `snapshot`: the whole viewport (first, unless the client's version is current; and whenever clusters change);
 * - `changes`: single assets that appeared or changed (`upserts`) and numbers that left the viewport or the filter;
 * - `tooMany`: the viewport now holds more single assets than the map shows (zoom in);
 * - `end`: the server closes the stream (its time is up); reconnect with the last version.
 */
export const assetMapLiveEvents = {
  snapshot: assetMapData,
  changes: z.object({
    upserts: z.array(assetMapAsset),
    removed: z.array(z.string()),
    total: z.number().int(),
    version: z.string(),
  }),
  tooMany: z.object({ code: z.literal(TOO_MANY_MAP_RESULTS), message: z.string() }),
  end: z.object({ reason: z.string() }),
};
export type AssetMapLiveEvent = {
  [K in keyof typeof assetMapLiveEvents]: { type: K; data: z.infer<(typeof assetMapLiveEvents)[K]> };
}[keyof typeof assetMapLiveEvents];

const common = { tag: 'asset-map', requires: requires('asset.map.basic') } as const;

/** The asset map's calls (issue 5): map data by viewport and the live update stream. */
export const assetMapEndpoints = {
  map: endpoint({
    ...common,
    method: 'POST',
    path: '/asset/assets/$map',
    summary:
      'Assets in the viewport matching the list filters: grid clusters below zoom 14, single assets from it (422 TooManyMapResults above 2,000)',
    body: assetMapInput,
    response: dataOf(assetMapData),
  }),
  live: endpoint({
    ...common,
    method: 'POST',
    path: '/asset/assets/$map-live',
    summary:
      'Server-sent events with the changes of the viewport every few seconds (snapshot, changes, tooMany, end); stateless, any instance serves it',
    body: assetMapLiveInput,
    /** text/event-stream; the events are assetMapLiveEvents. */
    response: z.unknown(),
  }),
};
