import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import {
  ASSET_MAP_ASSETS_MAX,
  ASSET_MAP_ASSETS_MIN_ZOOM,
  ASSET_MAP_LIVE_INTERVAL_MS,
  ASSET_MAP_LIVE_MAX_MS,
  type AssetMapAsset,
  type AssetMapData,
  type AssetMapInput,
  type AssetMapLiveEvent,
  type MapViewport,
  TOO_MANY_MAP_RESULTS,
  TOO_MANY_MAP_RESULTS_MESSAGE,
} from '@fleetdesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { sseFrame } from '../../lib/sse.ts';
import type { AssetFilter } from '../asset-query/asset-query.repo.ts';
import type { AssetQueryService } from '../asset-query/asset-query.service.ts';
import { ASSET_MAP_GRID_ZOOM, createMapGrid, gridFilterOf, rollUp } from './asset-map.grid.ts';
import * as repo from './asset-map.repo.ts';

const tooMany = () =>
  new DomainError(TOO_MANY_MAP_RESULTS, 422, TOO_MANY_MAP_RESULTS_MESSAGE, { max: ASSET_MAP_ASSETS_MAX });

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The contract's shape of one asset: 6 decimals (~0.1 m), timestamps to the second (the payload stays small). */
function toMapAsset(r: repo.MapAssetRow): AssetMapAsset {
  const time = r.iotLastUpdateTime === null ? null : new Date(r.iotLastUpdateTime);
  return {
    no: r.no,
    lng: round(r.lng, 6),
    lat: round(r.lat, 6),
    status: r.status,
    chargePct: r.chargePct,
    lockState: r.lockState,
    iotLastUpdateTime: time ? time.toISOString().replace(/\.\d{3}Z$/, 'Z') : null,
    iotVendor: r.iotVendor,
    categoryId: r.categoryId,
    partnerId: r.partnerId,
  };
}

const digest = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 16);

const byNo = (a: AssetMapAsset, b: AssetMapAsset) => (a.no < b.no ? -1 : a.no > b.no ? 1 : 0);

/** What the live stream compares between two looks at the viewport. */
type Look = AssetMapData | 'tooMany';

/** The assets added or changed and the numbers gone between two answers of single assets. */
export function changesBetween(before: readonly AssetMapAsset[], after: readonly AssetMapAsset[]) {
  const previous = new Map(before.map((a) => [a.no, JSON.stringify(a)]));
  const upserts = after.filter((a) => previous.get(a.no) !== JSON.stringify(a));
  const present = new Set(after.map((a) => a.no));
  const removed = before.filter((a) => !present.has(a.no)).map((a) => a.no);
  return { upserts, removed };
}

/** Server-sent event framing: one `event:` line, one `data:` line of JSON, a blank line. */
const frame = (event: AssetMapLiveEvent) => sseFrame(event);

export function createAssetMapService(deps: {
  db: Db;
  query: Pick<AssetQueryService, 'filterOf'>;
  intervalMs?: number;
  maxMs?: number;
  /** How long the low-zoom grid is shared before it is read again (createMapGrid). */
  gridMaxAgeMs: number;
  log: FastifyBaseLogger;
}) {
  const { db } = deps;
  const grid = createMapGrid({
    db,
    maxAgeMs: deps.gridMaxAgeMs,
    onError: (error) => deps.log.error({ err: error }, 'asset map grid read failed'),
  });
  const intervalMs = deps.intervalMs ?? ASSET_MAP_LIVE_INTERVAL_MS;
  const maxMs = deps.maxMs ?? ASSET_MAP_LIVE_MAX_MS;
  /** Open streams, so a shutdown can end them instead of waiting minutes for them. */
  const open = new Set<(reason?: string) => void>();

  /** The list's filter rules (scope, partner refusal, property types) applied to the map's filters. */
  function filterOf(caller: Caller, input: AssetMapInput): Promise<AssetFilter> {
    const { viewport: _viewport, zoom: _zoom, ...filters } = input;
    const { version: _version, ...search } = filters as typeof filters & { version?: string };
    return deps.query.filterOf(caller, { ...search, pageNo: 1, pageSize: 1, sort: [] });
  }

  /** One look at the viewport: clusters below the single-asset zoom, else at most ASSET_MAP_ASSETS_MAX assets. */
  async function look(filter: AssetFilter, viewport: MapViewport, zoom: number): Promise<Look> {
    if (zoom >= ASSET_MAP_ASSETS_MIN_ZOOM) {
      const found = await repo.assetsIn(db, filter, viewport, ASSET_MAP_ASSETS_MAX + 1);
      if (found.length > ASSET_MAP_ASSETS_MAX) return 'tooMany';
      const assets = found.map(toMapAsset).sort(byNo);
      return { mode: 'assets', clusters: [], assets, total: assets.length, version: digest(assets) };
    }
    const cells = await cellsOf(filter, viewport, zoom);
    const clusters: AssetMapData['clusters'] = [];
    const assets: AssetMapAsset[] = [];
    let total = 0;
    for (const cell of cells) {
      total += cell.count;
      if (cell.single) {
        assets.push(toMapAsset(cell.single));
        continue;
      }
      clusters.push({
        lng: round(cell.lng, 5),
        lat: round(cell.lat, 5),
        count: cell.count,
        statuses: cell.statuses,
        bounds: cell.bounds.map((b) => round(b, 6)) as [number, number, number, number],
      });
    }
    assets.sort(byNo);
    return { mode: 'clusters', clusters, assets, total, version: digest([clusters, assets]) };
  }

  /**
   * The cells of a viewport at a cluster zoom: rolled up from the shared grid when the zoom is low enough and
   * the filter is one the grid can apply, else grouped by SQL over the matching assets of the viewport.
   */
  async function cellsOf(filter: AssetFilter, viewport: MapViewport, zoom: number): Promise<repo.MapCellRow[]> {
    const gridFilter = zoom < ASSET_MAP_GRID_ZOOM + 1 ? gridFilterOf(filter) : null;
    const rows = gridFilter ? await grid() : null;
    if (!gridFilter || !rows) return repo.cells(db, filter, viewport, zoom);
    const rolled = rollUp(rows, gridFilter, viewport, zoom);
    // A member alone in its cell is shown as itself, as it is now (the grid may be seconds old).
    const singles = new Map(
      (
        await repo.assetsByNo(
          db,
          filter,
          rolled.flatMap((c) => (c.oneNo ? [c.oneNo] : [])),
        )
      ).map((a) => [a.no, a]),
    );
    return rolled.flatMap((c): repo.MapCellRow[] => {
      if (!c.oneNo) return [{ ...c, single: null }];
      const single = singles.get(c.oneNo);
      return single ? [{ ...c, single }] : [];
    });
  }

  /** The map data of a viewport; 422 TooManyMapResults when it holds more single assets than the map shows. */
  async function map(caller: Caller, input: AssetMapInput): Promise<AssetMapData> {
    const data = await look(await filterOf(caller, input), input.viewport, input.zoom);
    if (data === 'tooMany') throw tooMany();
    return data;
  }

  /**
   * A stream of server-sent events for one viewport. Every `intervalMs` it looks at the viewport again and
   * sends what differs from its previous look: a snapshot of clusters, or single assets added, changed and
   * gone. It keeps nothing but that previous look, on this connection: the client starts a new stream with
   * the version it shows, on any instance, whenever the viewport or filters change or the stream ends.
   */
  async function live(
    caller: Caller,
    input: AssetMapInput & { version?: string },
    log: FastifyBaseLogger,
  ): Promise<Readable> {
    const filter = await filterOf(caller, input);
    const first = await look(filter, input.viewport, input.zoom);
    // Refused like the map call itself, before any event: the client asked for a viewport it cannot show.
    if (first === 'tooMany') throw tooMany();

    const stream = new PassThrough();
    let previous: Look = first;
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    const started = Date.now();
    const close = (reason?: string) => {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      open.delete(close);
      if (reason) stream.write(frame({ type: 'end', data: { reason } }));
      stream.end();
    };
    open.add(close);
    stream.on('close', () => close());

    // Ask the browser to wait a tick before reconnecting, and send headers at once.
    stream.write(`retry: ${intervalMs}\n\n`);
    if (input.version !== first.version) stream.write(frame({ type: 'snapshot', data: first }));

    const tick = async () => {
      if (closed) return;
      if (Date.now() - started >= maxMs) return close('expired');
      let next: Look;
      try {
        next = await look(filter, input.viewport, input.zoom);
      } catch (error) {
        log.error({ err: error }, 'asset map live update failed');
        return close('error');
      }
      if (closed) return;
      stream.write(eventBetween(previous, next) ?? ':\n\n');
      previous = next;
      timer = setTimeout(tick, intervalMs);
    };
    timer = setTimeout(tick, intervalMs);
    return stream;
  }

  return {
    map,
    live,
    /** Ends every open stream (server shutdown). */
    closeAll() {
      for (const close of [...open]) close('shutdown');
    },
  };
}

/** The event that brings a client from one look to the next, or null when nothing changed. */
function eventBetween(previous: Look, next: Look): string | null {
  if (next === 'tooMany') {
    return previous === 'tooMany'
      ? null
      : frame({ type: 'tooMany', data: { code: TOO_MANY_MAP_RESULTS, message: TOO_MANY_MAP_RESULTS_MESSAGE } });
  }
  if (previous !== 'tooMany' && previous.version === next.version) return null;
  if (previous !== 'tooMany' && previous.mode === 'assets' && next.mode === 'assets') {
    const { upserts, removed } = changesBetween(previous.assets, next.assets);
    return frame({ type: 'changes', data: { upserts, removed, total: next.total, version: next.version } });
  }
  return frame({ type: 'snapshot', data: next });
}

export type AssetMapService = ReturnType<typeof createAssetMapService>;
