import {
  ASSET_TIMER_EXACT_COUNT_MAX,
  type AssetTimerCentreQuery,
  type AssetTimerLogListQuery,
  type AssetTimerState,
} from '@fleetdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assetTimerUrgency } from '../../db/schema/index.ts';
import { cappedCount, inScopeSql, rows, uuidList, whereOf } from '../../db/sql.ts';
import type { Scope } from '../../lib/scope.ts';

/* ---------- the log ---------- */

export interface LogRow {
  seq: string | number;
  asset_id: string;
  asset_no: string | null;
  partner_id: string;
  partner_name: string | null;
  timer_id: string;
  timer_name: string | null;
  timer_kind: string | null;
  group_id: string;
  cycle: number;
  kind: string;
  value: number | null;
  cause: string;
  cause_ref: Record<string, unknown> | null;
  actor_id: string | null;
  actor_name: string | null;
  created_at: Date | string;
}

export type LogFilter = Omit<AssetTimerLogListQuery, 'pageNo' | 'pageSize' | 'sort'>;

function logConditions(scope: Scope, f: LogFilter): (SQL | undefined)[] {
  return [
    inScopeSql(scope, sql`l.partner_id`),
    f.partnerIdIn?.length ? sql`l.partner_id in (${uuidList(f.partnerIdIn)})` : undefined,
    f.assetNo ? sql`l.asset_id in (select id from assets where no = ${f.assetNo})` : undefined,
    f.timerId ? sql`l.timer_id = ${f.timerId}::uuid` : undefined,
    f.groupId ? sql`l.group_id = ${f.groupId}::uuid` : undefined,
    f.kindIn?.length
      ? sql`l.kind in (${sql.join(
          f.kindIn.map((k) => sql`${k}`),
          sql`, `,
        )})`
      : undefined,
    f.from ? sql`l.created_at >= ${f.from}::timestamptz` : undefined,
    f.to ? sql`l.created_at < ${f.to}::timestamptz` : undefined,
  ];
}

/** A page of the log, newest first unless told; names by left joins, since the log outlives what it names. */
export function logPage(
  db: DbOrTx,
  scope: Scope,
  f: LogFilter,
  sort: { direction: 'asc' | 'desc' },
  page: { limit: number; offset: number },
): Promise<LogRow[]> {
  const dir = sort.direction === 'asc' ? sql`asc` : sql`desc`;
  return rows<LogRow>(
    db,
    sql`
    select l.seq, l.asset_id, a.no as asset_no, l.partner_id, p.name as partner_name, l.timer_id,
      t.name as timer_name, t.kind as timer_kind, l.group_id, l.cycle, l.kind, l.value, l.cause, l.cause_ref,
      l.actor_id, u.name as actor_name, l.created_at
    from (select * from asset_timer_logs l${whereOf(logConditions(scope, f))}
      order by l.created_at ${dir}, l.seq ${dir} limit ${page.limit} offset ${page.offset}) l
    left join assets a on a.id = l.asset_id
    left join partners p on p.id = l.partner_id
    left join timers t on t.id = l.timer_id
    left join users u on u.id = l.actor_id
    order by l.created_at ${dir}, l.seq ${dir}`,
  );
}

export function logCount(db: DbOrTx, scope: Scope, f: LogFilter) {
  return cappedCount(db, sql`from asset_timer_logs l${whereOf(logConditions(scope, f))}`, ASSET_TIMER_EXACT_COUNT_MAX);
}

/* ---------- the log centre ---------- */

export interface CentreRow {
  id: string;
  asset_id: string;
  asset_no: string;
  site_id: string | null;
  site_name: string | null;
  category_id: string;
  category_name: string;
  partner_id: string;
  partner_name: string;
  timer_id: string;
  timer_name: string;
  kind: string;
  group_id: string;
  state: AssetTimerState;
  cycle: number;
  cycle_started_at: Date | string;
  state_changed_at: Date | string;
  due_at: Date | string | null;
  start_distance_m: number;
  start_ride_seconds: number;
  due_at_usage: number | null;
  distance_m: number;
  ride_seconds: number;
  last_reset_at: Date | string | null;
  last_reset_cause: string | null;
  last_reset_by: string | null;
  last_reset_by_name: string | null;
  acknowledged_at: Date | string | null;
  acknowledged_by: string | null;
  acknowledged_by_name: string | null;
  ticket_id: string | null;
  ticket_no: string | null;
}

export type CentreFilter = Omit<AssetTimerCentreQuery, 'pageNo' | 'pageSize' | 'sort'>;

/** Most urgent first: overdue, due, upcoming, ok (the schema's urgency indexes lead with this expression). */
const urgency = assetTimerUrgency(sql`at.state`);
const URGENCY_OF = { overdue: 0, due: 1, upcoming: 2, ok: 3 } as const;

/**
 * How the category and site filters are written. `set`: the matching rows first (a group's or a site's assets by
 * their index), then sorted — cheap while they are few. `walk`: the page walks an order index and tests each row
 * (the category's groups as an array computed once, the asset's site by its primary key), stopping after a page —
 * cheap while they are many. How many match decides (centreSmallSet, CENTRE_WALK_FROM); the planner cannot, as it
 * cannot see how many of a site's or a category's rows need attention.
 */
export type CentrePlan = 'set' | 'walk';
/** Above this many matching rows, a page is found faster by walking the order than by sorting the set. */
export const CENTRE_WALK_FROM = 2_000;

function centreConditions(scope: Scope, f: CentreFilter, plan: CentrePlan = 'set'): (SQL | undefined)[] {
  const states = f.stateIn?.length ? f.stateIn : (['upcoming', 'due', 'overdue'] as const);
  const categories = f.categoryIdIn?.length
    ? sql`select g.id from asset_timer_groups g where g.category_id in (${uuidList(f.categoryIdIn)})`
    : undefined;
  const sites = f.siteIdIn?.length ? uuidList(f.siteIdIn) : undefined;
  return [
    inScopeSql(scope, sql`at.partner_id`),
    f.partnerIdIn?.length ? sql`at.partner_id in (${uuidList(f.partnerIdIn)})` : undefined,
    // On the urgency expression, not on `state`: so the urgency indexes both filter and order (one walk, one page).
    sql`${urgency} in (${sql.join(
      states.map((s) => sql.raw(String(URGENCY_OF[s]))),
      sql`, `,
    )})`,
    f.timerId ? sql`at.timer_id = ${f.timerId}::uuid` : undefined,
    // A group times assets of one category: a handful of groups instead of a probe of every asset. With a site,
    // the site's assets of the category instead (an asset's category is fixed, and its groups share it).
    categories && !(sites && plan === 'set')
      ? plan === 'walk'
        ? sql`at.group_id = any(array(${categories}))`
        : sql`at.group_id in (${categories})`
      : undefined,
    f.acknowledged === undefined
      ? undefined
      : f.acknowledged
        ? sql`at.acknowledged_at is not null`
        : sql`at.acknowledged_at is null`,
    // The assets first (by their number's or site's index), then their timers: never a probe per asset timer.
    f.assetNo ? sql`at.asset_id in (select a.id from assets a where a.no = ${f.assetNo})` : undefined,
    sites
      ? plan === 'walk'
        ? sql`(select a.site_id from assets a where a.id = at.asset_id) in (${sites})`
        : sql`at.asset_id in (select a.id from assets a where a.site_id in (${sites})${
            f.categoryIdIn?.length ? sql` and a.category_id in (${uuidList(f.categoryIdIn)})` : sql``
          })`
      : undefined,
  ];
}

/**
 * "What is due first" (`due:asc`): the most urgent state first, and within a state the row that reached it
 * earliest (the longest waiting); then the asset timer's id. `stateChangedAt` and `assetNo` sort plainly.
 */
function centreOrder(sort: CentreSort): SQL {
  const dir = sort.direction === 'asc' ? sql`asc` : sql`desc`;
  if (sort.key === 'assetNo') return sql`a.no ${dir}, at.id ${dir}`;
  if (sort.key === 'stateChangedAt') return sql`at.state_changed_at ${dir}, at.id ${dir}`;
  return sql`${urgency} ${dir}, at.state_changed_at ${dir}, at.id ${dir}`;
}

type CentreSort = AssetTimerCentreQuery['sort'];

/** The names a page shows, joined to the rows `picked` (a query of ids) chose, in the page's order. */
function centreDetails(picked: SQL, order: SQL): SQL {
  return sql`
    select at.id, at.asset_id, a.no as asset_no, a.site_id, s.name as site_name, a.category_id,
      c.name as category_name, at.partner_id, p.name as partner_name, at.timer_id, t.name as timer_name, t.kind,
      at.group_id, at.state, at.cycle, at.cycle_started_at, at.state_changed_at, at.due_at, at.start_distance_m,
      at.start_ride_seconds, at.due_at_usage, coalesce(o.distance_m, 0) as distance_m,
      coalesce(o.ride_seconds, 0) as ride_seconds, at.last_reset_at, at.last_reset_cause, at.last_reset_by,
      rb.name as last_reset_by_name, at.acknowledged_at, at.acknowledged_by, ab.name as acknowledged_by_name,
      ct.id as ticket_id, ct.ticket_no
    from (${picked}) picked
    join asset_timers at on at.id = picked.id
    join assets a on a.id = at.asset_id
    join asset_categories c on c.id = a.category_id
    join partners p on p.id = at.partner_id
    join timers t on t.id = at.timer_id
    left join sites s on s.id = a.site_id
    left join asset_odometers o on o.asset_id = at.asset_id
    left join users rb on rb.id = at.last_reset_by
    left join users ab on ab.id = at.acknowledged_by
    left join customer_tickets ct on ct.asset_id = at.asset_id and ct.status not in ('completed', 'unsuccessful')
    order by ${order}`;
}

const byAssetNoJoin = (sort: CentreSort) =>
  sort.key === 'assetNo' ? sql` join assets a on a.id = at.asset_id` : sql``;

/**
 * One page of the centre with the names it shows. The page's ids are picked first from `asset_timers` alone (and
 * the assets, for their number's order), so the planner walks one order index and stops after a page; the names
 * are joined to those rows only (an asset has at most one open ticket: customer_tickets_open_asset_key).
 */
export function centrePage(
  db: DbOrTx,
  scope: Scope,
  f: CentreFilter,
  sort: CentreSort,
  page: { limit: number; offset: number },
  plan: CentrePlan,
): Promise<CentreRow[]> {
  const order = centreOrder(sort);
  const picked = sql`select at.id from asset_timers at${byAssetNoJoin(sort)}${whereOf(centreConditions(scope, f, plan))}
    order by ${order} limit ${page.limit} offset ${page.offset}`;
  return rows<CentreRow>(db, centreDetails(picked, order));
}

/**
 * A site or category filter, tried as a set: at most CENTRE_WALK_FROM + 1 matching rows are gathered once, and
 * when that is all of them they give both the exact count and the page (then only the page's names are read).
 * Null when there are more: the caller walks the order instead (centrePage 'walk') and counts (centreCount).
 */
export async function centreSmallSet(
  db: DbOrTx,
  scope: Scope,
  f: CentreFilter,
  sort: CentreSort,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: CentreRow[] } | null> {
  const dir = sort.direction === 'asc' ? sql`asc` : sql`desc`;
  const matchedOrder =
    sort.key === 'assetNo'
      ? sql`m.no ${dir}, m.id ${dir}`
      : sort.key === 'stateChangedAt'
        ? sql`m.changed ${dir}, m.id ${dir}`
        : sql`m.urgency ${dir}, m.changed ${dir}, m.id ${dir}`;
  const no = sort.key === 'assetNo' ? sql`a.no` : sql`null::text`;
  const found = await rows<{ n: number; id: string | null }>(
    db,
    sql`
    with matched as materialized (
      select at.id, ${urgency} as urgency, at.state_changed_at as changed, ${no} as no
      from asset_timers at${byAssetNoJoin(sort)}${whereOf(centreConditions(scope, f, 'set'))}
      limit ${CENTRE_WALK_FROM + 1}
    )
    select total.n, m.id
    from (select count(*)::int as n from matched) total
    left join lateral (
      select m.id from matched m order by ${matchedOrder} limit ${page.limit} offset ${page.offset}
    ) m on true`,
  );
  const n = Number(found[0]?.n ?? 0);
  if (n > CENTRE_WALK_FROM) return null;
  const ids = found.flatMap((r) => (r.id ? [r.id] : []));
  if (ids.length === 0) return { count: n, rows: [] };
  const details = await rows<CentreRow>(
    db,
    centreDetails(sql`select id from asset_timers where id in (${uuidList(ids)})`, centreOrder(sort)),
  );
  return { count: n, rows: details };
}

export function centreCount(db: DbOrTx, scope: Scope, f: CentreFilter) {
  return cappedCount(db, sql`from asset_timers at${whereOf(centreConditions(scope, f))}`, ASSET_TIMER_EXACT_COUNT_MAX);
}

/* ---------- acknowledge ---------- */

/**
 * Marks these (locked, in-scope) asset timers acknowledged in their current state — those needing attention and
 * not yet acknowledged — and logs an `acknowledged` row for each. Answers how many.
 */
export async function acknowledge(tx: DbOrTx, _scope: Scope, ids: readonly string[], actorId: string) {
  if (ids.length === 0) return 0;
  const done = await rows<{ id: string }>(
    tx,
    sql`
    with acked as (
      update asset_timers at set acknowledged_at = now(), acknowledged_by = ${actorId}::uuid, updated_at = now()
      where at.id in (${uuidList(ids)}) and at.state <> 'ok' and at.acknowledged_at is null
      returning at.id, at.asset_id, at.partner_id, at.timer_id, at.group_id, at.cycle, at.state
    )
    insert into asset_timer_logs (asset_timer_id, asset_id, partner_id, timer_id, group_id, cycle, kind, cause,
      cause_ref, actor_id)
    select id, asset_id, partner_id, timer_id, group_id, cycle, 'acknowledged', 'manual',
      json_build_object('state', state)::jsonb, ${actorId}::uuid
    from acked
    returning asset_timer_id as id`,
  );
  return done.length;
}
