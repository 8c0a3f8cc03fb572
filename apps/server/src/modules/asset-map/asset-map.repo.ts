import {
  ASSET_MAP_CELL_PX,
  ASSET_MAP_MAX_LATITUDE,
  type AssetDisplayStatus,
  assetDisplayStatuses,
  type MapViewport,
} from '@fleetdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assets } from '../../db/schema/index.ts';
import { rows } from '../../lib/rows.ts';
import { type AssetFilter, whereOf } from '../asset-query/asset-query.repo.ts';
import { displayStatusSql } from '../iot/display-status.ts';

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

/** One grid cell: its members' count, centre, extent and counts per display status; the member when alone. */
export interface MapCellRow {
  count: number;
  lng: number;
  lat: number;
  bounds: [number, number, number, number];
  statuses: Partial<Record<AssetDisplayStatus, number>>;
  single: MapAssetRow | null;
}

/** Positioned assets inside the viewport; `west > east` wraps across the antimeridian. */
function inViewport(v: MapViewport): SQL {
  const lng =
    v.west <= v.east
      ? sql`${assets.longitude} between ${v.west} and ${v.east}`
      : sql`(${assets.longitude} >= ${v.west} or ${assets.longitude} <= ${v.east})`;
  return sql`${assets.latitude} between ${v.south} and ${v.north} and ${lng}`;
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
  const perSide = (512 * 2 ** Math.floor(zoom)) / ASSET_MAP_CELL_PX;
  const lat = sql.raw(`least(greatest(m.lat, -${ASSET_MAP_MAX_LATITUDE}), ${ASSET_MAP_MAX_LATITUDE})`);
  const statusCounts = sql.join(
    assetDisplayStatuses.map((s) => sql`count(*) filter (where m.status = ${s})::int as ${sql.identifier(`s_${s}`)}`),
    sql`, `,
  );
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
          select floor((m.lng + 180) / 360 * ${perSide}::float8)::int as cx,
                 floor((1 - ln(tan(pi() / 4 + radians(${lat}) / 2)) / pi()) / 2 * ${perSide}::float8)::int as cy,
                 count(*)::int as n, avg(m.lng) as c_lng, avg(m.lat) as c_lat,
                 min(m.lng) as w, min(m.lat) as s, max(m.lng) as e, max(m.lat) as nn,
                 min(m.no) as one_no, ${statusCounts}
          from m group by 1, 2
        )
        select g.*, ${assetColumns(displayStatusSql())}
        from g left join ${assets} on g.n = 1 and ${assets.no} = (g.one_no collate "default")
        order by g.cx, g.cy`,
  );
  return found.map((r) => {
    const statuses: Partial<Record<AssetDisplayStatus, number>> = {};
    for (const s of assetDisplayStatuses) {
      const n = Number(r[`s_${s}`] ?? 0);
      if (n > 0) statuses[s] = n;
    }
    return {
      count: Number(r.n),
      lng: Number(r.c_lng),
      lat: Number(r.c_lat),
      bounds: [Number(r.w), Number(r.s), Number(r.e), Number(r.nn)],
      statuses,
      single: Number(r.n) === 1 && r.no ? toAssetRow(r as RawAsset) : null,
    };
  });
}
