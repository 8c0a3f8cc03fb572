import {
  ASSET_QUERY_EXACT_COUNT_MAX,
  type AssetGeometry,
  type AssetIotStateFilter,
  type AssetQuerySortKey,
  IOT_ALARM_WINDOW_MS,
  IOT_ONLINE_WINDOW_MS,
} from '@fleetdesk/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { assetCategories, assetProperties, assets, partners, sites } from '../../db/schema/index.ts';
import { explainPlan, inScope, plannedRows, rows } from '../../db/sql.ts';
import { likePattern } from '../../lib/paging.ts';
import type { Scope } from '../../lib/scope.ts';
import { type AssetRow, assetRowColumns, type PropertyRow } from '../assets/assets.repo.ts';
import { displayStatusSql } from '../iot/display-status.repo.ts';

/**
 * A property condition after the service checked it against the property's value type: `kind` says how the
 * stored JSON value is compared, so a text never meets a numeric cast.
 */
export type PropertyFilter =
  | { propertyId: string; kind: 'eq'; value: boolean | number | string }
  | { propertyId: string; kind: 'number' | 'text' | 'timestamp'; op: 'gte' | 'lt'; value: number | string }
  | { propertyId: string; kind: 'contains'; value: string };

/** Everything the builder needs: validated filters plus the caller's scope (always applied). */
export interface AssetFilter {
  scope: Scope;
  noIn?: readonly string[];
  categoryIdIn?: readonly string[];
  siteIdIn?: readonly string[];
  partnerIdIn?: readonly string[];
  lifeCycleIn?: readonly string[];
  displayStatusIn?: readonly string[];
  usageModeIn?: readonly string[];
  properties?: readonly PropertyFilter[];
  geometry?: AssetGeometry;
  serial?: { noFrom: string; noTo: string };
  havingRentingOngoingOrder?: boolean;
  havingSubscriptionOngoingOrder?: boolean;
  havingCategoryDisabled?: boolean;
  hasIot?: boolean;
  iotOnline?: boolean;
  iotState?: AssetIotStateFilter;
  noteLike?: string;
}

export type SortKey = { key: AssetQuerySortKey; direction: 'asc' | 'desc' };

/** How a key's value travels in a cursor: as PostgreSQL's own text form, cast back on the way in. */
export type KeyCast = 'timestamptz' | 'text' | 'uuid';

const sortColumns: Record<AssetQuerySortKey, { column: AnyPgColumn; cast: KeyCast }> = {
  createTime: { column: assets.createdAt, cast: 'timestamptz' },
  updateTime: { column: assets.updatedAt, cast: 'timestamptz' },
  no: { column: assets.no, cast: 'text' },
  lifeCycleState: { column: assets.lifeCycleState, cast: 'text' },
};

/** One key of the total order: a NOT NULL column, its direction and how its cursor value is cast. */
export interface OrderKey {
  column: AnyPgColumn;
  direction: 'asc' | 'desc';
  cast: KeyCast;
}

const compare = (left: SQL, op: 'gte' | 'lt', right: SQL) =>
  op === 'gte' ? sql`${left} >= ${right}` : sql`${left} < ${right}`;

function propertyCondition(f: PropertyFilter): SQL {
  const json = sql`${assets.properties} -> ${f.propertyId}`;
  const text = sql`${assets.properties} ->> ${f.propertyId}`;
  switch (f.kind) {
    case 'eq':
      // Containment is what the GIN (jsonb_path_ops) index answers.
      return sql`${assets.properties} @> ${JSON.stringify({ [f.propertyId]: f.value })}::jsonb`;
    case 'number':
      // A strict JSON path compares JSON numbers only (a string, array or missing key gives no match, silently),
      // in one pass over the value: half the cost of extracting and casting it, which a count over a custom
      // property range pays per row. A function call, not the @@ operator: the GIN index would read every entry.
      return sql`coalesce(jsonb_path_match(${assets.properties}, ${`strict $.${JSON.stringify(f.propertyId)} ${f.op === 'gte' ? '>=' : '<'} $v`}::jsonpath, jsonb_build_object('v', ${f.value}::numeric), true), false)`;
    case 'text':
      return sql`(case when jsonb_typeof(${json}) = 'string' then ${compare(sql`(${text}) collate "C"`, f.op, sql`${f.value}::text collate "C"`)} else false end)`;
    case 'timestamp':
      return sql`(case when jsonb_typeof(${json}) = 'string' and (${text}) ~ '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}' then ${compare(sql`(${text})::timestamptz`, f.op, sql`${f.value}::timestamptz`)} else false end)`;
    case 'contains':
      return sql`(case when jsonb_typeof(${json}) = 'string' then (${text}) ilike ${likePattern(f.value)} else false end)`;
  }
}

/** PostgreSQL's polygon text form of a GeoJSON ring: ((x1,y1),(x2,y2),…) with x = longitude. */
const polygonText = (ring: readonly (readonly [number, number])[]) =>
  `(${ring.map(([x, y]) => `(${x},${y})`).join(',')})`;

function geometryCondition(g: AssetGeometry): SQL {
  const [outline = [], ...holes] = g.coordinates;
  const xs = outline.map((p) => p[0]);
  const ys = outline.map((p) => p[1]);
  const point = sql`point(${assets.longitude}, ${assets.latitude})`;
  const parts: SQL[] = [
    // The bounding box is plain column ranges, so it narrows the rows before the exact polygon test.
    sql`${assets.longitude} between ${Math.min(...xs)} and ${Math.max(...xs)}`,
    sql`${assets.latitude} between ${Math.min(...ys)} and ${Math.max(...ys)}`,
    sql`${polygonText(outline)}::polygon @> ${point}`,
    ...holes.map((h) => sql`not (${polygonText(h)}::polygon @> ${point})`),
  ];
  return sql.join(parts, sql` and `);
}

function iotStateCondition(s: AssetIotStateFilter): SQL[] {
  const parts: SQL[] = [];
  if (s.chargePct) parts.push(compare(sql`${assets.chargePct}`, s.chargePct.op, sql`${s.chargePct.value}::numeric`));
  if (s.iotBatteryVoltageMilli) {
    const v = s.iotBatteryVoltageMilli;
    parts.push(compare(sql`${assets.iotBatteryVoltageMilli}`, v.op, sql`${v.value}::numeric`));
  }
  if (s.hasChargePct !== undefined) {
    parts.push(s.hasChargePct ? sql`${assets.chargePct} is not null` : sql`${assets.chargePct} is null`);
  }
  if (s.invalidChargePct !== undefined) {
    const invalid = sql`(${assets.chargePct} < 0 or ${assets.chargePct} > 100)`;
    parts.push(s.invalidChargePct ? invalid : sql`not coalesce(${invalid}, false)`);
  }
  if (s.lastUpdateFrom && s.lastUpdateTo) {
    parts.push(sql`${assets.iotLastUpdateTime} >= ${s.lastUpdateFrom}::timestamptz`);
    parts.push(sql`${assets.iotLastUpdateTime} < ${s.lastUpdateTo}::timestamptz`);
  }
  return parts;
}

/**
 * The display status, with the expression the map and the dashboard count by; statuses that are lifecycle
 * states alone (Removed, Retired, Missing come first in that expression) become a plain column test.
 */
function displayStatusCondition(statuses: readonly string[]): SQL {
  const lifeCycles = statuses.filter((s) => ['Removed', 'Retired', 'Missing'].includes(s));
  // Only lifecycle words wanted: the lifecycle column alone decides, and its index answers.
  if (lifeCycles.length === statuses.length) return inArray(assets.lifeCycleState, [...statuses]);
  const exact = sql`${displayStatusSql()} in (${sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  )})`;
  // Alarm and Error are rare: a condition each index can answer (partial indexes on alarm_at / error_at) narrows
  // the fleet to the few candidates before the exact expression decides. Active, Inactive and New are common.
  const window = sql`(now() - ${`${IOT_ALARM_WINDOW_MS} milliseconds`}::interval)`;
  const narrow: SQL[] = [];
  for (const s of statuses) {
    if (s === 'Alarm') narrow.push(sql`${assets.alarmAt} > ${window}`);
    else if (s === 'Error') narrow.push(sql`${assets.errorAt} > ${window}`);
    else if (!lifeCycles.includes(s)) return exact;
  }
  if (lifeCycles.length) narrow.push(inArray(assets.lifeCycleState, lifeCycles));
  return sql`(${sql.join(narrow, sql` or `)}) and ${exact}`;
}

/** The one WHERE clause behind every query, count, summary and site grouping. Every value is a parameter. */
export function whereOf(f: AssetFilter): SQL {
  const parts: (SQL | undefined)[] = [inScope(f.scope, assets.partnerId)];
  if (f.noIn) parts.push(inArray(assets.no, [...f.noIn]));
  if (f.categoryIdIn) parts.push(inArray(assets.categoryId, [...f.categoryIdIn]));
  if (f.siteIdIn) parts.push(inArray(assets.siteId, [...f.siteIdIn]));
  if (f.partnerIdIn) parts.push(inArray(assets.partnerId, [...f.partnerIdIn]));
  if (f.lifeCycleIn) parts.push(inArray(assets.lifeCycleState, [...f.lifeCycleIn]));
  if (f.displayStatusIn) parts.push(displayStatusCondition(f.displayStatusIn));
  if (f.usageModeIn) parts.push(inArray(assets.usageMode, [...f.usageModeIn]));
  for (const p of f.properties ?? []) parts.push(propertyCondition(p));
  if (f.geometry) parts.push(geometryCondition(f.geometry));
  if (f.serial) {
    // Same length and byte order: a serial range of capital letters and digits, whatever the collation.
    parts.push(sql`length(${assets.no}) = ${f.serial.noFrom.length}`);
    parts.push(
      sql`(${assets.no} collate "C" >= ${f.serial.noFrom}::text collate "C" and ${assets.no} collate "C" <= ${f.serial.noTo}::text collate "C")`,
    );
  }
  // An ongoing B2C order holds the asset through its open lease; a B2B subscription through its membership.
  if (f.havingRentingOngoingOrder !== undefined)
    parts.push(
      sql`${f.havingRentingOngoingOrder ? sql`` : sql`not `}exists (select 1 from leases l where l.asset_id = ${assets.id}
        and l.status in ('InUse', 'Returning'))`,
    );
  if (f.havingSubscriptionOngoingOrder !== undefined)
    parts.push(
      sql`${f.havingSubscriptionOngoingOrder ? sql`` : sql`not `}exists (select 1 from subscription_order_assets h
        where h.asset_id = ${assets.id} and h.released_at is null)`,
    );
  if (f.havingCategoryDisabled !== undefined) {
    parts.push(
      sql`${assets.categoryId} in (select ${assetCategories.id} from ${assetCategories} where ${assetCategories.isEnabled} = ${!f.havingCategoryDisabled})`,
    );
  }
  if (f.hasIot !== undefined) {
    parts.push(f.hasIot ? sql`${assets.iotDeviceNo} is not null` : sql`${assets.iotDeviceNo} is null`);
  }
  if (f.iotOnline !== undefined) {
    // The dashboard's presence: online when the device reported within the hour.
    const online = sql`${assets.iotLastUpdateTime} > now() - ${`${IOT_ONLINE_WINDOW_MS} milliseconds`}::interval`;
    parts.push(sql`${assets.iotDeviceNo} is not null`);
    parts.push(f.iotOnline ? online : sql`not coalesce(${online}, false)`);
  }
  if (f.iotState) parts.push(...iotStateCondition(f.iotState));
  if (f.noteLike) parts.push(sql`${assets.note} ilike ${likePattern(f.noteLike)}`);
  return and(...parts) ?? sql`true`;
}

/**
 * The requested keys, then createTime desc (unless already asked) and the id in the direction of the
 * createTime key: a total order over NOT NULL columns, so the last row's key values are a keyset cursor.
 */
export function keysOf(sort: readonly SortKey[]): OrderKey[] {
  const keys = [...sort];
  if (!keys.some((k) => k.key === 'createTime')) keys.push({ key: 'createTime', direction: 'desc' });
  const createTime = keys.find((k) => k.key === 'createTime');
  return [
    ...keys.map((k) => ({ ...sortColumns[k.key], direction: k.direction })),
    { column: assets.id, cast: 'uuid' as const, direction: createTime?.direction ?? 'desc' },
  ];
}

/**
 * ORDER BY of the keys with PostgreSQL's default null ordering (ASC NULLS LAST, DESC NULLS FIRST), which is
 * how the sort indexes are built: the planner walks an index, forwards or backwards, only when the ORDER BY
 * matches it exactly (every key column is NOT NULL, so the null ordering changes no result).
 */
export function orderOf(keys: readonly OrderKey[]): SQL[] {
  return keys.map((k) => (k.direction === 'asc' ? asc(k.column) : desc(k.column)));
}

const castValue = (k: OrderKey, value: string) =>
  k.cast === 'timestamptz' ? sql`${value}::timestamptz` : k.cast === 'uuid' ? sql`${value}::uuid` : sql`${value}::text`;

/**
 * Rows strictly after the cursor in the order of the keys. When every key runs the same way this is one row
 * comparison, which an index on those columns answers as a range; mixed directions expand to
 * (k1 > v1) or (k1 = v1 and k2 < v2) or …
 */
export function afterCondition(keys: readonly OrderKey[], values: readonly string[]): SQL {
  const first = keys[0];
  if (first && keys.every((k) => k.direction === first.direction)) {
    const columns = sql.join(
      keys.map((k) => sql`${k.column}`),
      sql`, `,
    );
    const cursor = sql.join(
      keys.map((k, i) => castValue(k, values[i] as string)),
      sql`, `,
    );
    return first.direction === 'desc' ? sql`(${columns}) < (${cursor})` : sql`(${columns}) > (${cursor})`;
  }
  const branches = keys.map((k, i) => {
    const equal = keys.slice(0, i).map((p, j) => sql`${p.column} = ${castValue(p, values[j] as string)}`);
    const beyond =
      k.direction === 'desc'
        ? sql`${k.column} < ${castValue(k, values[i] as string)}`
        : sql`${k.column} > ${castValue(k, values[i] as string)}`;
    return sql`(${sql.join([...equal, beyond], sql` and `)})`;
  });
  return sql`(${sql.join(branches, sql` or `)})`;
}

/**
 * One page and the key values of its last row. The ids are picked first from assets alone (index order), and
 * only the page's rows are joined to their partner, category and site. With `after` (a keyset cursor) the
 * page starts right after that row and costs the same at any depth; without it, OFFSET skips bare index
 * entries (a direct jump to a deep page).
 */
export async function page(
  db: DbOrTx,
  filter: AssetFilter,
  keys: readonly OrderKey[],
  paging: { pageNo: number; pageSize: number; after?: readonly string[] },
): Promise<{ rows: AssetRow[]; last: string[] | null }> {
  const order = orderOf(keys);
  const where = paging.after ? and(whereOf(filter), afterCondition(keys, paging.after)) : whereOf(filter);
  // The key values leave as text in PostgreSQL's own format, so a timestamp keeps its microseconds.
  const keyText = Object.fromEntries(keys.map((k, i) => [`k${i}`, sql<string>`${k.column}::text`.as(`k${i}`)]));
  const picked = db
    .select({ id: assets.id, ...keyText })
    .from(assets)
    .where(where)
    .orderBy(...order)
    .limit(paging.pageSize)
    .offset(paging.after ? 0 : (paging.pageNo - 1) * paging.pageSize)
    .as('picked');
  const found = await db
    .select({
      ...assetRowColumns,
      keys: sql<string[]>`array[${sql.join(
        keys.map((_, i) => sql.raw(`"picked"."k${i}"`)),
        sql`, `,
      )}]`,
    })
    .from(picked)
    .innerJoin(assets, eq(assets.id, picked.id))
    .innerJoin(partners, eq(partners.id, assets.partnerId))
    .innerJoin(assetCategories, eq(assetCategories.id, assets.categoryId))
    .leftJoin(sites, eq(sites.id, assets.siteId))
    .orderBy(...order);
  const lastRow = found.at(-1);
  return {
    rows: found.map(({ keys: _keys, ...row }) => row as AssetRow),
    last: found.length === paging.pageSize && lastRow ? [...lastRow.keys] : null,
  };
}

/**
 * How countOf decides between counting and estimating. A sample of about `samplePages` table pages answers
 * "certainly more than exactMax" when it finds at least `minHits` matches that extrapolate to `trustedFactor` ×
 * exactMax or more: then counting 10,001 scattered rows is not needed (see countOf).
 */
export interface CountTuning {
  exactMax: number;
  estimateTrustedAbove: number;
  samplePages: number;
  minHits: number;
  trustedFactor: number;
}

export const COUNT_TUNING: CountTuning = {
  exactMax: ASSET_QUERY_EXACT_COUNT_MAX,
  estimateTrustedAbove: 5 * ASSET_QUERY_EXACT_COUNT_MAX,
  samplePages: 1200,
  minHits: 200,
  trustedFactor: 2.5,
};

/**
 * Whether a block sample proves the matches exceed the exact limit. The worst case for a false "more" is matches
 * packed into whole pages (a batch import of identical assets): exactly exactMax of them on ~600 full pages, of
 * which a 2 % sample expects ~12; reaching 2.5 × exactMax needs 30 or more, a chance of about 1 in 100,000
 * (Poisson). Matches spread over the table, the usual case, vary far less. minHits keeps a sample that is small
 * against the table (a large fleet) from deciding on a handful of pages.
 */
export function sampleProvesMore(hits: number, fraction: number, tuning: CountTuning = COUNT_TUNING): boolean {
  return hits >= tuning.minHits && hits / fraction >= tuning.trustedFactor * tuning.exactMax;
}

/**
 * Exact up to 10,000 matches, an estimate (flagged, never less than 10,001) above, decided in up to three steps:
 *
 * 1. The planner's estimate, from the plan alone: above estimateTrustedAbove it is the answer. Estimates of
 *    combined filters err low (they assume independent columns), so only a large one is trusted.
 * 2. When the planner expects more than the exact limit but not enough to trust it, a block sample of ~1,200 pages
 *    (`TABLESAMPLE SYSTEM … REPEATABLE`, the same pages every time, so paging keeps one figure) may prove there are
 *    many more (sampleProvesMore). Counting 10,001 matches of a filter no index answers (a custom property range)
 *    visits thousands of heap pages; the sample visits a fixed, small number.
 * 3. Otherwise the scan counts for real and stops at 10,001 rows.
 */
export async function countOf(
  db: DbOrTx,
  filter: AssetFilter,
  tuning: CountTuning = COUNT_TUNING,
): Promise<{ count: number; countIsEstimate: boolean }> {
  const where = whereOf(filter);
  const estimate = plannedRows(await explainPlan(db, sql`select 1 from ${assets} where ${where}`));
  if (estimate > tuning.estimateTrustedAbove) return { count: estimate, countIsEstimate: true };
  if (estimate > tuning.exactMax) {
    const sampled = await sampledCount(db, where, tuning);
    if (sampled !== null) return { count: sampled, countIsEstimate: true };
  }
  const [exact] = await rows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${assets} where ${where} limit ${tuning.exactMax + 1}) s`,
  );
  const n = Number(exact?.n ?? 0);
  if (n <= tuning.exactMax) return { count: n, countIsEstimate: false };
  return { count: Math.max(estimate, tuning.exactMax + 1), countIsEstimate: true };
}

/** The sample's extrapolated count when it proves more than the exact limit, else null (count for real). */
export async function sampledCount(db: DbOrTx, where: SQL, tuning: CountTuning = COUNT_TUNING): Promise<number | null> {
  const [table] = await rows<{ pages: number | string }>(
    db,
    sql`select relpages as pages from pg_class where oid = 'assets'::regclass`,
  );
  const fraction = tuning.samplePages / Math.max(1, Number(table?.pages ?? 0));
  // A table this small is counted faster than sampled.
  if (fraction >= 1) return null;
  const [found] = await rows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from ${assets} tablesample system (${fraction * 100}) repeatable (0) where ${where}`,
  );
  const hits = Number(found?.n ?? 0);
  if (!sampleProvesMore(hits, fraction, tuning)) return null;
  return Math.max(Math.round(hits / fraction), tuning.exactMax + 1);
}

/** Counts per (site, lifecycle, turnover) of the matching assets; the callers fold them as they need. */
export async function groupCounts(db: DbOrTx, filter: AssetFilter) {
  const found = await rows<{
    site_id: string | null;
    site_name: string | null;
    life_cycle_state: string;
    turnover_state: string;
    n: number | string;
  }>(
    db,
    sql`select g.site_id, ${sites.name} as site_name, g.life_cycle_state, g.turnover_state, g.n
        from (select ${assets.siteId} as site_id, ${assets.lifeCycleState} as life_cycle_state,
                     ${assets.turnoverState} as turnover_state, count(*)::int as n
              from ${assets} where ${whereOf(filter)}
              group by 1, 2, 3) g
        left join ${sites} on ${sites.id} = g.site_id`,
  );
  return found.map((r) => ({
    siteId: r.site_id,
    siteName: r.site_name,
    lifeCycleState: r.life_cycle_state,
    turnoverState: r.turnover_state,
    count: Number(r.n),
  }));
}

/** Property definitions by id (the service checks each condition against its value type). */
export async function propertiesByIds(db: DbOrTx, ids: readonly string[]): Promise<PropertyRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(assetProperties)
    .where(inArray(assetProperties.id, [...ids]));
}
