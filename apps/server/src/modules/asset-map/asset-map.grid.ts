import type { AssetDisplayStatus, MapViewport } from '@fleetdesk/contracts';
import type { Db } from '../../db/client.ts';
import { partnerInScope } from '../../lib/scope.ts';
import type { AssetFilter } from '../asset-query/asset-query.repo.ts';
import type { CellTotals, GridCellRow } from './asset-map.repo.ts';
import * as repo from './asset-map.repo.ts';

/**
 * The zoom of the fleet-wide grid, the one `assets.map_cell` numbers: its 64-px cells (≈ 5 km at the equator)
 * are exact quarters, sixteenths… of the cells of every lower zoom, so clusters from zoom 0 to this one are
 * unions of its cells.
 */
export const ASSET_MAP_GRID_ZOOM = 10;
/** A grid with more rows than this (a fleet spread over very many cells) is not kept: the map asks SQL. */
export const ASSET_MAP_GRID_MAX_ROWS = 200_000;

/** The partners, categories and lifecycle states a grid answer keeps: the only filters the grid can apply. */
export interface GridFilter {
  scope: AssetFilter['scope'];
  partnerIdIn?: readonly string[];
  categoryIdIn?: readonly string[];
  lifeCycleIn?: readonly string[];
}

/** A filter the grid can answer: scope, partners, categories and lifecycle states, nothing else (null otherwise). */
export function gridFilterOf(filter: AssetFilter): GridFilter | null {
  const { scope, partnerIdIn, categoryIdIn, lifeCycleIn, ...rest } = filter;
  if (Object.values(rest).some((value) => value !== undefined)) return null;
  return { scope, partnerIdIn, categoryIdIn, lifeCycleIn };
}

/** A cell of the requested zoom rolled up from grid cells: the single member by number, fetched afterwards. */
export interface RolledCell extends CellTotals {
  cx: number;
  cy: number;
  lng: number;
  lat: number;
  oneNo: string | null;
}

/** Whether a grid cell's members' extent reaches into the viewport (`west > east` crosses the antimeridian). */
function touches(bounds: GridCellRow['bounds'], v: MapViewport): boolean {
  const [w, s, e, n] = bounds;
  if (n < v.south || s > v.north) return false;
  return v.west <= v.east ? e >= v.west && w <= v.east : e >= v.west || w <= v.east;
}

/**
 * The clusters of a viewport at `zoom` (≤ ASSET_MAP_GRID_ZOOM) from the grid: the grid cells of the filter's
 * partners, categories and lifecycle states that reach into the viewport, merged by the cell of `zoom` they lie in, in the
 * order of the SQL answer (x, then y). A grid cell on the viewport's edge counts whole.
 */
export function rollUp(grid: readonly GridCellRow[], filter: GridFilter, viewport: MapViewport, zoom: number) {
  const shift = ASSET_MAP_GRID_ZOOM - Math.floor(zoom);
  const partners = filter.partnerIdIn ? new Set(filter.partnerIdIn) : null;
  const categories = filter.categoryIdIn ? new Set(filter.categoryIdIn) : null;
  const lifeCycles = filter.lifeCycleIn ? new Set(filter.lifeCycleIn) : null;
  const merged = new Map<string, RolledCell & { sumLng: number; sumLat: number }>();
  for (const g of grid) {
    if (!partnerInScope(filter.scope, g.partnerId)) continue;
    if (partners && !partners.has(g.partnerId)) continue;
    if (categories && !categories.has(g.categoryId)) continue;
    if (lifeCycles && !lifeCycles.has(g.lifeCycleState)) continue;
    if (!touches(g.bounds, viewport)) continue;
    const cx = g.cx >> shift;
    const cy = g.cy >> shift;
    const key = `${cx},${cy}`;
    const cell = merged.get(key);
    if (!cell) {
      const { count, sumLng, sumLat, oneNo } = g;
      merged.set(key, {
        cx,
        cy,
        count,
        sumLng,
        sumLat,
        oneNo,
        lng: 0,
        lat: 0,
        bounds: [...g.bounds],
        statuses: { ...g.statuses },
      });
      continue;
    }
    cell.count += g.count;
    cell.sumLng += g.sumLng;
    cell.sumLat += g.sumLat;
    cell.bounds = [
      Math.min(cell.bounds[0], g.bounds[0]),
      Math.min(cell.bounds[1], g.bounds[1]),
      Math.max(cell.bounds[2], g.bounds[2]),
      Math.max(cell.bounds[3], g.bounds[3]),
    ];
    for (const [status, n] of Object.entries(g.statuses) as [AssetDisplayStatus, number][]) {
      cell.statuses[status] = (cell.statuses[status] ?? 0) + n;
    }
    cell.oneNo = null;
  }
  return [...merged.values()]
    .map(({ sumLng, sumLat, ...cell }): RolledCell => ({ ...cell, lng: sumLng / cell.count, lat: sumLat / cell.count }))
    .sort((a, b) => a.cx - b.cx || a.cy - b.cy);
}

/**
 * The fleet-wide grid, read once and shared by every low-zoom request for `maxAgeMs`. Aggregating a whole
 * continent of assets costs one pass over the table (hundreds of ms at 100,000 assets); the grid makes a
 * low-zoom answer a roll-up of a few thousand rows in memory. Older than `maxAgeMs` it is re-read in the
 * background while requests keep getting it, up to 5 × `maxAgeMs`; beyond that (or the first time) a request
 * waits for the read. `maxAgeMs` 0 reads it for every request (tests).
 */
export function createMapGrid(deps: {
  db: Db;
  maxAgeMs: number;
  onError: (error: unknown) => void;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  let current: { at: number; rows: GridCellRow[] | null } | undefined;
  let reading: Promise<{ at: number; rows: GridCellRow[] | null }> | undefined;

  const read = () => {
    reading ??= (async () => {
      const at = now();
      const found = await repo.gridCells(deps.db, '*', ASSET_MAP_GRID_MAX_ROWS + 1);
      current = { at, rows: found.length > ASSET_MAP_GRID_MAX_ROWS ? null : found };
      return current;
    })().finally(() => {
      reading = undefined;
    });
    return reading;
  };

  /** The grid (null when the fleet is spread too thin to keep one). */
  return async function grid(): Promise<GridCellRow[] | null> {
    const age = current ? now() - current.at : Number.POSITIVE_INFINITY;
    if (current && age < deps.maxAgeMs) return current.rows;
    if (current && age < 5 * deps.maxAgeMs) {
      read().catch(deps.onError);
      return current.rows;
    }
    return (await read()).rows;
  };
}
