import type {
  AssetTimerGroupListQuery,
  AssetTimerProgressQuery,
  AssetTimerResetCause,
  AssetTimerState,
  ResetRuleType,
  TimerKind,
  TimeUnit,
} from '@fleetdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assetTimerGroups } from '../../db/schema/index.ts';
import { inScopeSql, rows, uuidList, whereOf } from '../../db/sql.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import { assertPartnerInScope, type Scope } from '../../lib/scope.ts';

export interface GroupRow {
  id: string;
  partner_id: string;
  partner_name: string;
  timer_id: string;
  timer_name: string;
  kind: TimerKind;
  timing_unit: TimeUnit | null;
  timing_quantity: number | null;
  cron: string | null;
  category_id: string;
  category_name: string;
  reset_rule_id: string;
  reset_rule_name: string;
  reset_rule_type: ResetRuleType;
  asset_count: number;
  ok: number;
  upcoming: number;
  due: number;
  overdue: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const columns = sql`
  g.id, g.partner_id, p.name as partner_name, g.timer_id, t.name as timer_name, t.kind, t.timing_unit,
  t.timing_quantity, t.cron, g.category_id, c.name as category_name, g.reset_rule_id, r.name as reset_rule_name,
  r.type as reset_rule_type, g.created_at, g.updated_at,
  s.asset_count, s.ok, s.upcoming, s.due, s.overdue`;

const from = sql`from asset_timer_groups g
  join partners p on p.id = g.partner_id
  join timers t on t.id = g.timer_id
  join asset_categories c on c.id = g.category_id
  join reset_rules r on r.id = g.reset_rule_id
  cross join lateral (
    select count(*)::int as asset_count,
      count(*) filter (where at.state = 'ok')::int as ok,
      count(*) filter (where at.state = 'upcoming')::int as upcoming,
      count(*) filter (where at.state = 'due')::int as due,
      count(*) filter (where at.state = 'overdue')::int as overdue
    from asset_timers at where at.group_id = g.id
  ) s`;

const sortColumns: Record<AssetTimerGroupListQuery['sort']['key'], SQL> = {
  createdAt: sql`g.created_at`,
  updatedAt: sql`g.updated_at`,
};

/** Live groups of in-scope partners matching the filters, with their state counts: one page and the total. */
export async function list(db: DbOrTx, scope: Scope, q: AssetTimerGroupListQuery) {
  const where = whereOf([
    sql`g.deleted_at is null`,
    inScopeSql(scope, sql`g.partner_id`),
    q.partnerIdIn?.length ? sql`g.partner_id in (${uuidList(q.partnerIdIn)})` : undefined,
    q.categoryId ? sql`g.category_id = ${q.categoryId}` : undefined,
    q.timerId ? sql`g.timer_id = ${q.timerId}` : undefined,
  ]);
  const direction = q.sort.direction === 'asc' ? sql`asc` : sql`desc`;
  const [page, [total]] = await Promise.all([
    rows<GroupRow>(
      db,
      sql`select ${columns} ${from} ${where}
        order by ${sortColumns[q.sort.key]} ${direction}, g.id asc limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from asset_timer_groups g ${where}`),
  ]);
  return { rows: page, count: Number(total?.n ?? 0) };
}

/**
 * One live group of an in-scope partner (another partner's is as absent as a missing one). `update` locks it
 * first, so changes of one group's assets run one after the other.
 */
export async function get(db: DbOrTx, scope: Scope, id: string, lock?: 'update') {
  const where = whereOf([sql`g.id = ${id}`, sql`g.deleted_at is null`, inScopeSql(scope, sql`g.partner_id`)]);
  if (lock) await db.execute(sql`select g.id from asset_timer_groups g ${where} for update`);
  const [row] = await rows<GroupRow>(db, sql`select ${columns} ${from} ${where}`);
  return row;
}

/** Inserts a group of a partner in scope (else 403 PartnerOutOfScope). */
export async function insert(
  db: DbOrTx,
  scope: Scope,
  id: string,
  values: { partnerId: string; timerId: string; categoryId: string; resetRuleId: string },
) {
  assertPartnerInScope(scope, values.partnerId);
  await db.insert(assetTimerGroups).values({ id, ...values });
}

export async function setResetRule(db: DbOrTx, scope: Scope, id: string, resetRuleId: string) {
  await db.execute(
    sql`update asset_timer_groups g set reset_rule_id = ${resetRuleId}, updated_at = now()
    ${whereOf([sql`g.id = ${id}`, sql`g.deleted_at is null`, inScopeSql(scope, sql`g.partner_id`)])}`,
  );
}

/** Marks the group changed (its assets changed). */
export async function touch(db: DbOrTx, scope: Scope, id: string) {
  await db.execute(
    sql`update asset_timer_groups g set updated_at = now()
    ${whereOf([sql`g.id = ${id}`, inScopeSql(scope, sql`g.partner_id`)])}`,
  );
}

/** Soft-deletes an in-scope group and stops timing its assets (their log stays: it has no foreign keys). */
export async function softDelete(db: DbOrTx, scope: Scope, id: string): Promise<boolean> {
  const done = await rows(
    db,
    sql`update asset_timer_groups g set deleted_at = now(), updated_at = now()
    ${whereOf([sql`g.id = ${id}`, sql`g.deleted_at is null`, inScopeSql(scope, sql`g.partner_id`)])}
    returning g.id`,
  );
  if (done.length === 0) return false;
  await db.execute(sql`delete from asset_timers where group_id = ${id}`);
  return true;
}

export interface AssetByNo {
  id: string;
  no: string;
  partner_id: string;
  category_id: string;
  /** The group of this timer already timing it, if any. */
  timed_in: string | null;
}

/** The in-scope assets with these numbers (another partner's are as absent as missing ones), and their timing. */
export async function assetsByNo(
  db: DbOrTx,
  scope: Scope,
  timerId: string,
  nos: readonly string[],
): Promise<AssetByNo[]> {
  if (nos.length === 0) return [];
  return rows<AssetByNo>(
    db,
    sql`select a.id, a.no, a.partner_id, a.category_id,
      (select at.group_id from asset_timers at where at.asset_id = a.id and at.timer_id = ${timerId}) as timed_in
    from assets a ${whereOf([
      sql`a.no in (${sql.join(
        nos.map((n) => sql`${n}::text`),
        sql`, `,
      )})`,
      inScopeSql(scope, sql`a.partner_id`),
    ])}`,
  );
}

/**
 * Times these assets (of the group's partner) by the group's timer. An asset another request timed meanwhile is
 * skipped by the unique (asset, timer) index; answers the asset timers made, by asset id.
 */
export async function insertAssetTimers(
  db: DbOrTx,
  scope: Scope,
  group: { id: string; timerId: string; partnerId: string },
  assetIds: readonly string[],
): Promise<{ id: string; asset_id: string }[]> {
  assertPartnerInScope(scope, group.partnerId);
  if (assetIds.length === 0) return [];
  return rows<{ id: string; asset_id: string }>(
    db,
    sql`insert into asset_timers (id, group_id, timer_id, asset_id, partner_id, cycle_started_at)
    select gen_random_uuid(), ${group.id}, ${group.timerId}, a.id, a.partner_id, now()
    from assets a ${whereOf([
      sql`a.id in (${uuidList(assetIds)})`,
      sql`a.partner_id = ${group.partnerId}`,
      inScopeSql(scope, sql`a.partner_id`),
    ])}
    order by a.id
    on conflict (asset_id, timer_id) do nothing
    returning id, asset_id`,
  );
}

/** Stops timing these in-scope assets in the group; answers the asset ids removed. */
export async function removeAssetTimers(
  db: DbOrTx,
  scope: Scope,
  groupId: string,
  assetIds: readonly string[],
): Promise<string[]> {
  if (assetIds.length === 0) return [];
  const done = await rows<{ asset_id: string }>(
    db,
    sql`delete from asset_timers at ${whereOf([
      sql`at.group_id = ${groupId}`,
      sql`at.asset_id in (${uuidList(assetIds)})`,
      inScopeSql(scope, sql`at.partner_id`),
    ])} returning at.asset_id`,
  );
  return done.map((r) => r.asset_id);
}

export interface ProgressRow {
  id: string;
  asset_id: string;
  asset_no: string;
  state: AssetTimerState;
  cycle: number;
  cycle_started_at: Date | string;
  kind: TimerKind;
  elapsed: number;
  length: number | null;
  due_at: Date | string | null;
  last_reset_at: Date | string | null;
  last_reset_cause: AssetTimerResetCause | null;
  last_reset_by: string | null;
  last_reset_by_name: string | null;
  acknowledged_at: Date | string | null;
}

/**
 * Where each cycle stands, in the unit of the timer's kind: km or hours counted on the odometer since the cycle
 * started, or seconds of calendar time; its length is the distance from the start to the due threshold.
 */
const progressRows = sql`
  select at.id, a.id as asset_id, a.no as asset_no, at.state, at.cycle, at.cycle_started_at, t.kind, at.due_at,
    at.last_reset_at, at.last_reset_cause, at.last_reset_by, u.name as last_reset_by_name, at.acknowledged_at,
    (case t.kind
      when 'distance' then (coalesce(o.distance_m, 0) - at.start_distance_m) / 1000
      when 'rideTime' then (coalesce(o.ride_seconds, 0) - at.start_ride_seconds) / 3600
      else extract(epoch from now() - at.cycle_started_at) end)::float8 as elapsed,
    (case t.kind
      when 'distance' then (at.due_at_usage - at.start_distance_m) / 1000
      when 'rideTime' then (at.due_at_usage - at.start_ride_seconds) / 3600
      else extract(epoch from at.due_at - at.cycle_started_at) end)::float8 as length
  from asset_timers at
  join assets a on a.id = at.asset_id
  join timers t on t.id = at.timer_id
  left join asset_odometers o on o.asset_id = at.asset_id
  left join users u on u.id = at.last_reset_by`;

/** The group's asset timers (in scope) with their progress, filtered, sorted (what is due first) and paged. */
export async function progress(db: DbOrTx, scope: Scope, groupId: string, q: AssetTimerProgressQuery) {
  const where = whereOf([
    sql`at.group_id = ${groupId}`,
    inScopeSql(scope, sql`at.partner_id`),
    q.stateIn?.length
      ? sql`at.state in (${sql.join(
          q.stateIn.map((s) => sql`${s}::text`),
          sql`, `,
        )})`
      : undefined,
    q.assetNo ? sql`a.no ilike ${likePattern(q.assetNo)}` : undefined,
  ]);
  const asc = q.sort.direction === 'asc';
  // "Due first" is the highest share of the cycle used; a cycle without a length (none yet) comes last either way.
  const order =
    q.sort.key === 'due'
      ? sql`(p.elapsed / nullif(p.length, 0)) ${asc ? sql`desc` : sql`asc`} nulls last`
      : q.sort.key === 'assetNo'
        ? sql`p.asset_no ${asc ? sql`asc` : sql`desc`}`
        : sql`p.last_reset_at ${asc ? sql`asc` : sql`desc`} nulls last`;
  const [page, [total]] = await Promise.all([
    rows<ProgressRow>(
      db,
      sql`select p.* from (${progressRows} ${where}) p
        order by ${order}, p.asset_no asc, p.id asc limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from asset_timers at join assets a on a.id = at.asset_id ${where}`,
    ),
  ]);
  return { rows: page, count: Number(total?.n ?? 0) };
}
