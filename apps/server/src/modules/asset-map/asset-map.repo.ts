import {
  ASSET_MAP_CELL_PX,
  ASSET_MAP_MAX_LATITUDE,
  type AssetDisplayStatus,
  assetDisplayStatuses,
  type MapViewport,
  mercatorOf,
} from '@fleetdesk/contracts';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assets } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import type { AllPartners } from '../../lib/scope.ts';
import { type AssetFilter, whereOf } from '../asset-query/asset-query.repo.ts';
import { displayStatusSql } from '../iot/display-status.repo.ts';

/** One asset as the map shows it (the service shapes it for the contract). */
export interface MapAssetRow {
  no: string;
  lng: number;
  lat: number;
  status: AssetDisplayStatus;
  chargePct: number | null;
  lockState: string | null;
  iotLastUpdateTime: Date | string | null;
  iotVendor: string | null;
  categoryId: string;
  partnerId: string;
}

/** What every cell knows of its members: how many, their extent, how many of each display status. */
export interface CellTotals {
  count: number;
  bounds: [number, number, number, number];
  statuses: Partial<Record<AssetDisplayStatus, number>>;
}

/** One grid cell of a viewport: its totals and centre, and the member when it is alone. */
export interface MapCellRow extends CellTotals {
  lng: number;
  lat: number;
  single: MapAssetRow | null;
}

/** Cells per side of the grid `assets.map_cell` numbers (zoom 10, 64-px cells: ASSET_MAP_GRID_ZOOM). */
const MAP_CELL_SIDE = 8192;
/** A viewport over more rows of cells than this is read without the cell index (a large part of the table). */
const MAP_CELL_MAX_ROWS = 64;

/** The cell column and row of a position on the `map_cell` grid, as the column's expression computes them. */
export function mapCellOf(lng: number, lat: number): { x: number; y: number } {
  const clamp = (n: number) => Math.min(Math.max(n, 0), MAP_CELL_SIDE - 1);
  const { x, y } = mercatorOf(lng, lat);
  return { x: clamp(Math.floor(x * MAP_CELL_SIDE)), y: clamp(Math.floor(y * MAP_CELL_SIDE)) };
}

/**
 * The viewport as ranges of `map_cell`, one per row of cells it covers (two when it crosses the antimeridian),
 * one cell wider on every side so that floating point at a cell's edge cannot drop an asset; the exact test on
 * the position follows. Undefined when the viewport covers too many rows for the index to pay.
 */
function cellRanges(v: MapViewport): SQL | undefined {
  const nw = mapCellOf(v.west, v.north);
  const se = mapCellOf(v.east, v.south);
  const top = Math.max(nw.y - 1, 0);
  const bottom = Math.min(se.y + 1, MAP_CELL_SIDE - 1);
  if (bottom - top + 1 > MAP_CELL_MAX_ROWS) return undefined;
  const spans: [number, number][] =
    v.west <= v.east
      ? [[Math.max(nw.x - 1, 0), Math.min(se.x + 1, MAP_CELL_SIDE - 1)]]
      : [
          [Math.max(nw.x - 1, 0), MAP_CELL_SIDE - 1],
          [0, Math.min(se.x + 1, MAP_CELL_SIDE - 1)],
        ];
  const ranges: SQL[] = [];
  for (let y = top; y <= bottom; y++) {
    for (const [from, to] of spans) {
      ranges.push(sql`${assets.mapCell} between ${y * MAP_CELL_SIDE + from} and ${y * MAP_CELL_SIDE + to}`);
    }
  }
  return sql`(${sql.join(ranges, sql` or `)})`;
}

/** Positioned assets inside the viewport; `west > east` wraps across the antimeridian. */
function inViewport(v: MapViewport): SQL {
  const lng =
    v.west <= v.east
      ? sql`${assets.longitude} between ${v.west} and ${v.east}`
      : sql`(${assets.longitude} >= ${v.west} or ${assets.longitude} <= ${v.east})`;
  const cells = cellRanges(v);
  return sql`${assets.latitude} between ${v.south} and ${v.north} and ${lng}${cells ? sql` and ${cells}` : sql``}`;
}

const assetColumns = (status: SQL) => sql`${assets.no} as no, ${assets.longitude} as lng, ${assets.latitude} as lat,
  ${status} as status, ${assets.chargePct} as charge_pct, ${assets.lockState} as lock_state,
  ${assets.iotLastUpdateTime} as iot_last_update_time,
  case when ${assets.iotDeviceNo} is null then null else ${assets.iotVendor} end as iot_vendor,
  ${assets.categoryId} as category_id,
  ${assets.partnerId} as partner_id`;

type RawAsset = {
  no: string;
  lng: number | string;
  lat: number | string;
  status: AssetDisplayStatus;
  charge_pct: number | null;
  lock_state: string | null;
  iot_last_update_time: Date | string | null;
  iot_vendor: string | null;
  category_id: string;
  partner_id: string;
};

const toAssetRow = (r: RawAsset): MapAssetRow => ({
  no: r.no,
  lng: Number(r.lng),
  lat: Number(r.lat),
  status: r.status,
  chargePct: r.charge_pct,
  lockState: r.lock_state,
  iotLastUpdateTime: r.iot_last_update_time,
  iotVendor: r.iot_vendor,
  categoryId: r.category_id,
  partnerId: r.partner_id,
});

/**
 * Up to `limit` matching assets with a position in the viewport (the caller asks for one more than it shows,
 * to tell "exactly the limit" from "too many").
 */
export async function assetsIn(
  db: DbOrTx,
  filter: AssetFilter,
  viewport: MapViewport,
  limit: number,
): Promise<MapAssetRow[]> {
  const found = await rows<RawAsset>(
    db,
    sql`select ${assetColumns(displayStatusSql())} from ${assets}
        where ${whereOf(filter)} and ${inViewport(viewport)}
        limit ${limit}`,
  );
  return found.map(toAssetRow);
}

/**
 * The matching assets of the viewport grouped on a Web Mercator grid of ASSET_MAP_CELL_PX-pixel cells at the
 * (whole) zoom, aligned to the world so a cell keeps its members while the map pans. One pass over the
 * matching rows; a cell of one asset is joined back to that asset for its details.
 */
export async function cells(
  db: DbOrTx,
  filter: AssetFilter,
  viewport: MapViewport,
  zoom: number,
): Promise<MapCellRow[]> {
  const { cx, cy } = cellOf((512 * 2 ** Math.floor(zoom)) / ASSET_MAP_CELL_PX);
  const found = await rows<
    { n: number; c_lng: number | string; c_lat: number | string; w: number; s: number; e: number; nn: number } & Record<
      string,
      number
    > &
      Partial<RawAsset>
  >(
    db,
    sql`with m as (
          select ${assets.no} collate "C" as no, ${assets.longitude} as lng, ${assets.latitude} as lat,
                 ${displayStatusSql()} as status
          from ${assets}
          where ${whereOf(filter)} and ${inViewport(viewport)}
        ), g as (
          select ${cx} as cx, ${cy} as cy,
                 count(*)::int as n, avg(m.lng) as c_lng, avg(m.lat) as c_lat,
                 min(m.lng) as w, min(m.lat) as s, max(m.lng) as e, max(m.lat) as nn,
                 min(m.no) as one_no, ${statusCountsOf()}
          from m group by 1, 2
        )
        select g.*, ${assetColumns(displayStatusSql())}
        from g left join ${assets} on g.n = 1 and ${assets.no} = (g.one_no collate "default")
        order by g.cx, g.cy`,
  );
  return found.map((r) => ({
    count: Number(r.n),
    lng: Number(r.c_lng),
    lat: Number(r.c_lat),
    bounds: [Number(r.w), Number(r.s), Number(r.e), Number(r.nn)],
    statuses: statusesOf(r),
    single: Number(r.n) === 1 && r.no ? toAssetRow(r as RawAsset) : null,
  }));
}

/**
 * One cell of the fleet-wide grid (ASSET_MAP_GRID_ZOOM) for one partner, category and lifecycle state: what a coarser cell
 * needs to be rolled up from it (count, sums for the centre, extent, counts per display status, the member
 * when it is alone).
 */
export interface GridCellRow extends CellTotals {
  cx: number;
  cy: number;
  partnerId: string;
  categoryId: string;
  lifeCycleState: string;
  sumLng: number;
  sumLat: number;
  oneNo: string | null;
}

/** Cell x and y of a position on the Web Mercator grid with `perSide` cells (SQL over `m.lng`, `m.lat`). */
function cellOf(perSide: number) {
  const lat = sql.raw(`least(greatest(m.lat, -${ASSET_MAP_MAX_LATITUDE}), ${ASSET_MAP_MAX_LATITUDE})`);
  return {
    cx: sql`floor((m.lng + 180) / 360 * ${perSide}::float8)::int`,
    cy: sql`floor((1 - ln(tan(pi() / 4 + radians(${lat}) / 2)) / pi()) / 2 * ${perSide}::float8)::int`,
  };
}

const statusCountsOf = () =>
  sql.join(
    assetDisplayStatuses.map((s) => sql`count(*) filter (where m.status = ${s})::int as ${sql.identifier(`s_${s}`)}`),
    sql`, `,
  );

function statusesOf(r: Record<string, unknown>): Partial<Record<AssetDisplayStatus, number>> {
  const statuses: Partial<Record<AssetDisplayStatus, number>> = {};
  for (const s of assetDisplayStatuses) {
    const n = Number(r[`s_${s}`] ?? 0);
    if (n > 0) statuses[s] = n;
  }
  return statuses;
}

/**
 * Every positioned asset of the fleet grouped by its `map_cell` (the zoom-10 grid, ASSET_MAP_GRID_ZOOM),
 * partner, category and lifecycle state (the filters the console always sends): one pass over the table, whatever the viewport. At most `limit` rows (the caller asks for one more than it keeps, to tell a grid too
 * fine to hold from one that fits). The grid is shared by every caller, so it is read for the whole account and
 * each caller's scope is applied when it is rolled up (asset-map.grid.ts).
 */
export async function gridCells(db: DbOrTx, _scope: AllPartners, limit: number): Promise<GridCellRow[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`with m as (
          select ${assets.no} collate "C" as no, ${assets.longitude} as lng, ${assets.latitude} as lat,
                 ${assets.mapCell} as cell, ${assets.partnerId} as partner_id, ${assets.categoryId} as category_id,
                 ${assets.lifeCycleState} as life_cycle_state, ${displayStatusSql()} as status
          from ${assets}
          where ${assets.mapCell} is not null
        )
        select m.cell % ${MAP_CELL_SIDE} as cx, m.cell / ${MAP_CELL_SIDE} as cy, m.partner_id, m.category_id,
               m.life_cycle_state,
               count(*)::int as n, sum(m.lng) as sum_lng, sum(m.lat) as sum_lat,
               min(m.lng) as w, min(m.lat) as s, max(m.lng) as e, max(m.lat) as nn,
               case when count(*) = 1 then min(m.no) end as one_no, ${statusCountsOf()}
        from m group by m.cell, m.partner_id, m.category_id, m.life_cycle_state
        limit ${limit}`,
  );
  return found.map((r) => ({
    cx: Number(r.cx),
    cy: Number(r.cy),
    partnerId: String(r.partner_id),
    categoryId: String(r.category_id),
    lifeCycleState: String(r.life_cycle_state),
    count: Number(r.n),
    sumLng: Number(r.sum_lng),
    sumLat: Number(r.sum_lat),
    bounds: [Number(r.w), Number(r.s), Number(r.e), Number(r.nn)],
    statuses: statusesOf(r),
    oneNo: r.one_no === null ? null : String(r.one_no),
  }));
}

/** The matching assets among `nos`, wherever they are now (the single members of rolled-up grid cells). */
export async function assetsByNo(db: DbOrTx, filter: AssetFilter, nos: readonly string[]): Promise<MapAssetRow[]> {
  if (nos.length === 0) return [];
  const found = await rows<RawAsset>(
    db,
    sql`select ${assetColumns(displayStatusSql())} from ${assets}
        where ${whereOf(filter)} and ${inArray(assets.no, [...nos])}
          and ${assets.latitude} is not null and ${assets.longitude} is not null`,
  );
  return found.map(toAssetRow);
}
