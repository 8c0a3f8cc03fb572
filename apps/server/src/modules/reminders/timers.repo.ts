import type { ResetRuleType, TimerKind, TimerListQuery, TimeUnit } from '@fleetdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { timerResetRules, timers } from '../../db/schema/index.ts';
import { inScopeSql, rows, uuidList, whereOf } from '../../db/sql.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import { assertPartnerInScope, type Scope } from '../../lib/scope.ts';

export interface TimerRow {
  id: string;
  partner_id: string;
  partner_name: string;
  timezone: string;
  name: string;
  category_id: string;
  category_name: string;
  kind: TimerKind;
  timing_unit: TimeUnit | null;
  timing_quantity: number | null;
  cron: string | null;
  reset_rules: { id: string; name: string; type: ResetRuleType }[] | string;
  group_count: number;
  asset_count: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface TimerValues {
  name: string;
  kind: TimerKind;
  timingUnit: TimeUnit | null;
  timingQuantity: number | null;
  cron: string | null;
}

const columns = sql`
  t.id, t.partner_id, p.name as partner_name, p.timezone, t.name, t.category_id, c.name as category_name, t.kind,
  t.timing_unit, t.timing_quantity, t.cron, t.created_at, t.updated_at,
  coalesce((
    select json_agg(json_build_object('id', r.id, 'name', r.name, 'type', r.type) order by lower(r.name), r.id)
    from timer_reset_rules tr join reset_rules r on r.id = tr.reset_rule_id
    where tr.timer_id = t.id
  ), '[]'::json) as reset_rules,
  (select count(*)::int from asset_timer_groups g where g.timer_id = t.id and g.deleted_at is null) as group_count,
  (select count(*)::int from asset_timers at where at.timer_id = t.id) as asset_count`;

const from = sql`from timers t join partners p on p.id = t.partner_id join asset_categories c on c.id = t.category_id`;

const sortColumns: Record<TimerListQuery['sort']['key'], SQL> = {
  createdAt: sql`t.created_at`,
  updatedAt: sql`t.updated_at`,
  name: sql`lower(t.name)`,
};

/** Live timers of in-scope partners matching the filters: one page and the total. */
export async function list(db: DbOrTx, scope: Scope, q: TimerListQuery) {
  const where = whereOf([
    sql`t.deleted_at is null`,
    inScopeSql(scope, sql`t.partner_id`),
    q.partnerIdIn?.length ? sql`t.partner_id in (${uuidList(q.partnerIdIn)})` : undefined,
    q.categoryId ? sql`t.category_id = ${q.categoryId}` : undefined,
    q.kind ? sql`t.kind = ${q.kind}` : undefined,
    q.name ? sql`t.name ilike ${likePattern(q.name)}` : undefined,
  ]);
  const direction = q.sort.direction === 'asc' ? sql`asc` : sql`desc`;
  const [page, [total]] = await Promise.all([
    rows<TimerRow>(
      db,
      sql`select ${columns} ${from} ${where}
        order by ${sortColumns[q.sort.key]} ${direction}, t.id asc limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from timers t ${where}`),
  ]);
  return { rows: page, count: Number(total?.n ?? 0) };
}

/** One live timer of an in-scope partner (another partner's is as absent as a missing one). */
export async function get(db: DbOrTx, scope: Scope, id: string, lock?: 'update' | 'share') {
  const where = whereOf([sql`t.id = ${id}`, sql`t.deleted_at is null`, inScopeSql(scope, sql`t.partner_id`)]);
  if (lock) {
    // Deleting a timer locks it for update, a group taking it up for share: the delete then counts that group.
    await db.execute(
      sql`select t.id from timers t ${where} ${lock === 'update' ? sql`for update` : sql`for share`} of t`,
    );
  }
  const [row] = await rows<TimerRow>(db, sql`select ${columns} ${from} ${where}`);
  return row;
}

/** The partner's time zone, when the partner exists and is in scope. */
export async function partnerTimezone(db: DbOrTx, scope: Scope, partnerId: string): Promise<string | undefined> {
  const [row] = await rows<{ timezone: string }>(
    db,
    sql`select timezone from partners p ${whereOf([sql`p.id = ${partnerId}`, inScopeSql(scope, sql`p.id`)])}`,
  );
  return row?.timezone;
}

/** Whether the account-wide category exists. */
export async function categoryExists(db: DbOrTx, categoryId: string): Promise<boolean> {
  const [row] = await rows(db, sql`select 1 from asset_categories where id = ${categoryId}`);
  return row !== undefined;
}

/**
 * Which of these reset rules are live rules of this partner and category: the only ones a timer of theirs may
 * offer. Held shared until the timer is written, so a concurrent delete of a rule waits and then sees it in use.
 */
export async function usableRuleIds(
  db: DbOrTx,
  scope: Scope,
  of: { partnerId: string; categoryId: string },
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await rows<{ id: string }>(
    db,
    sql`select r.id from reset_rules r ${whereOf([
      sql`r.id in (${uuidList(ids)})`,
      sql`r.deleted_at is null`,
      sql`r.partner_id = ${of.partnerId}`,
      sql`r.category_id = ${of.categoryId}`,
      inScopeSql(scope, sql`r.partner_id`),
    ])} order by r.id for share`,
  );
  return new Set(found.map((r) => r.id));
}

/** The reset rules the timer's live groups use: the timer must keep offering them. */
export async function rulesUsedByGroups(db: DbOrTx, scope: Scope, timerId: string): Promise<Set<string>> {
  const found = await rows<{ id: string }>(
    db,
    sql`select distinct g.reset_rule_id as id from asset_timer_groups g ${whereOf([
      sql`g.timer_id = ${timerId}`,
      sql`g.deleted_at is null`,
      inScopeSql(scope, sql`g.partner_id`),
    ])}`,
  );
  return new Set(found.map((r) => r.id));
}

/** Whether a live timer of this partner already has the name (case-insensitive), other than `exceptId`. */
export async function liveNameTaken(db: DbOrTx, scope: Scope, partnerId: string, name: string, exceptId?: string) {
  const [row] = await rows(
    db,
    sql`select 1 from timers t ${whereOf([
      sql`t.partner_id = ${partnerId}`,
      sql`t.deleted_at is null`,
      sql`lower(t.name) = lower(${name}::text)`,
      exceptId ? sql`t.id <> ${exceptId}` : undefined,
      inScopeSql(scope, sql`t.partner_id`),
    ])} limit 1`,
  );
  return row !== undefined;
}

/** Inserts a timer of a partner in scope (else 403 PartnerOutOfScope) with the reset rules it offers. */
export async function insert(
  db: DbOrTx,
  scope: Scope,
  id: string,
  values: TimerValues & { partnerId: string; categoryId: string },
  ruleIds: readonly string[],
) {
  assertPartnerInScope(scope, values.partnerId);
  await db.insert(timers).values({ id, ...values });
  await setRules(db, scope, id, ruleIds);
}

/** Changes an in-scope live timer; answers whether it did. */
export async function update(db: DbOrTx, scope: Scope, id: string, values: Partial<TimerValues>): Promise<boolean> {
  const set = sql.join(
    [
      ...Object.entries({
        name: values.name,
        kind: values.kind,
        timing_unit: values.timingUnit,
        timing_quantity: values.timingQuantity,
        cron: values.cron,
      })
        .filter(([, v]) => v !== undefined)
        .map(([column, v]) => sql`${sql.identifier(column)} = ${v}`),
      sql`updated_at = now()`,
    ],
    sql`, `,
  );
  const done = await rows(
    db,
    sql`update timers t set ${set} ${whereOf([
      sql`t.id = ${id}`,
      sql`t.deleted_at is null`,
      inScopeSql(scope, sql`t.partner_id`),
    ])} returning t.id`,
  );
  return done.length > 0;
}

/** Replaces the reset rules an in-scope timer offers. */
export async function setRules(db: DbOrTx, scope: Scope, timerId: string, ruleIds: readonly string[]) {
  const own = sql`${timerResetRules.timerId} in (select t.id from timers t ${whereOf([
    sql`t.id = ${timerId}`,
    inScopeSql(scope, sql`t.partner_id`),
  ])})`;
  await db.delete(timerResetRules).where(own);
  const [visible] = await rows(
    db,
    sql`select 1 from timers t ${whereOf([sql`t.id = ${timerId}`, inScopeSql(scope, sql`t.partner_id`)])}`,
  );
  if (!visible || ruleIds.length === 0) return;
  await db.insert(timerResetRules).values([...new Set(ruleIds)].map((resetRuleId) => ({ timerId, resetRuleId })));
}

/** Soft-deletes an in-scope timer; the rules it offered are free again (a deleted timer offers nothing). */
export async function softDelete(db: DbOrTx, scope: Scope, id: string): Promise<boolean> {
  const done = await rows(
    db,
    sql`update timers t set deleted_at = now(), updated_at = now() ${whereOf([
      sql`t.id = ${id}`,
      sql`t.deleted_at is null`,
      inScopeSql(scope, sql`t.partner_id`),
    ])} returning t.id`,
  );
  if (done.length === 0) return false;
  await db.execute(sql`delete from timer_reset_rules where timer_id = ${id}`);
  return true;
}

/** The live timers of a partner (its time zone changed: their running cycles are computed again). */
export async function idsOfPartner(db: DbOrTx, scope: Scope, partnerId: string): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select t.id from timers t ${whereOf([
      sql`t.partner_id = ${partnerId}`,
      sql`t.deleted_at is null`,
      inScopeSql(scope, sql`t.partner_id`),
    ])}`,
  );
  return found.map((r) => r.id);
}

/** How many live timers and reset rules the partner has (they keep it from being deleted). */
export async function reminderConfigOf(db: DbOrTx, scope: Scope, partnerId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select
      (select count(*) from timers t ${whereOf([
        sql`t.partner_id = ${partnerId}`,
        sql`t.deleted_at is null`,
        inScopeSql(scope, sql`t.partner_id`),
      ])})
      + (select count(*) from reset_rules r ${whereOf([
        sql`r.partner_id = ${partnerId}`,
        sql`r.deleted_at is null`,
        inScopeSql(scope, sql`r.partner_id`),
      ])}) as n`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Removes the partner's deleted groups, timers and reset rules for good, so the partner itself can go (their
 * history is in asset_timer_logs, which keeps no foreign keys).
 */
export async function purgeDeletedReminderConfig(db: DbOrTx, scope: Scope, partnerId: string) {
  const own = (alias: string) =>
    whereOf([
      sql`${sql.raw(alias)}.partner_id = ${partnerId}`,
      sql`${sql.raw(alias)}.deleted_at is not null`,
      inScopeSql(scope, sql.raw(`${alias}.partner_id`)),
    ]);
  await db.execute(sql`delete from asset_timer_groups g ${own('g')}`);
  await db.execute(sql`delete from timer_reset_rules where timer_id in (select t.id from timers t ${own('t')})`);
  await db.execute(sql`delete from timers t ${own('t')}`);
  await db.execute(sql`delete from reset_rules r ${own('r')}`);
}
