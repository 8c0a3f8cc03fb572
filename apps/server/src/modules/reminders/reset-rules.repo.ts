import type { ResetRuleListQuery, ResetRuleType } from '@fleetdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { resetRules } from '../../db/schema/index.ts';
import { inScopeSql, rows, uuidList, whereOf } from '../../db/sql.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import { assertPartnerInScope, type Scope } from '../../lib/scope.ts';

export interface ResetRuleRow {
  id: string;
  partner_id: string;
  partner_name: string;
  name: string;
  detail: string | null;
  category_id: string;
  category_name: string;
  type: ResetRuleType;
  work_item_id: string | null;
  work_item_name: string | null;
  checklist_id: string | null;
  checklist_name: string | null;
  property: string | null;
  property_name: string | null;
  property_value: string | null;
  remind_before_reset: boolean;
  remind_before: number | null;
  timer_count: number;
  group_count: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface ResetRuleValues {
  name: string;
  detail: string | null;
  type: ResetRuleType;
  workItemId: string | null;
  checklistId: string | null;
  property: string | null;
  propertyValue: string | null;
  remindBeforeReset: boolean;
  remindBefore: number | null;
}

// A custom property is named by its id; a built-in field's name is not a uuid, so the join is guarded by the text.
const columns = sql`
  r.id, r.partner_id, p.name as partner_name, r.name, r.detail, r.category_id, c.name as category_name, r.type,
  r.work_item_id, w.name as work_item_name, r.checklist_id, cl.name as checklist_name, r.property,
  (select ap.name from asset_properties ap
    where r.property ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      and ap.id = r.property::uuid and ap.category_id = r.category_id) as property_name,
  r.property_value, r.remind_before_reset, r.remind_before, r.created_at, r.updated_at,
  (select count(*)::int from timer_reset_rules tr join timers t on t.id = tr.timer_id
    where tr.reset_rule_id = r.id and t.deleted_at is null) as timer_count,
  (select count(*)::int from asset_timer_groups g where g.reset_rule_id = r.id and g.deleted_at is null) as group_count`;

const from = sql`from reset_rules r join partners p on p.id = r.partner_id
  join asset_categories c on c.id = r.category_id
  left join work_items w on w.id = r.work_item_id
  left join checklists cl on cl.id = r.checklist_id`;

const sortColumns: Record<ResetRuleListQuery['sort']['key'], SQL> = {
  createdAt: sql`r.created_at`,
  updatedAt: sql`r.updated_at`,
  name: sql`lower(r.name)`,
};

/** Live reset rules of in-scope partners matching the filters: one page and the total. */
export async function list(db: DbOrTx, scope: Scope, q: ResetRuleListQuery) {
  const where = whereOf([
    sql`r.deleted_at is null`,
    inScopeSql(scope, sql`r.partner_id`),
    q.partnerIdIn?.length ? sql`r.partner_id in (${uuidList(q.partnerIdIn)})` : undefined,
    q.categoryId ? sql`r.category_id = ${q.categoryId}` : undefined,
    q.type ? sql`r.type = ${q.type}` : undefined,
    q.name ? sql`r.name ilike ${likePattern(q.name)}` : undefined,
  ]);
  const direction = q.sort.direction === 'asc' ? sql`asc` : sql`desc`;
  const [page, [total]] = await Promise.all([
    rows<ResetRuleRow>(
      db,
      sql`select ${columns} ${from} ${where}
        order by ${sortColumns[q.sort.key]} ${direction}, r.id asc limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from reset_rules r ${where}`),
  ]);
  return { rows: page, count: Number(total?.n ?? 0) };
}

/**
 * One live reset rule of an in-scope partner (another partner's is as absent as a missing one). `update` locks it
 * first: a timer or group taking it up holds it shared, so a delete waits and then counts them.
 */
export async function get(db: DbOrTx, scope: Scope, id: string, lock?: 'update') {
  const where = whereOf([sql`r.id = ${id}`, sql`r.deleted_at is null`, inScopeSql(scope, sql`r.partner_id`)]);
  if (lock) await db.execute(sql`select r.id from reset_rules r ${where} for update`);
  const [row] = await rows<ResetRuleRow>(db, sql`select ${columns} ${from} ${where}`);
  return row;
}

/** Whether a live reset rule of this partner already has the name (case-insensitive), other than `exceptId`. */
export async function liveNameTaken(db: DbOrTx, scope: Scope, partnerId: string, name: string, exceptId?: string) {
  const [row] = await rows(
    db,
    sql`select 1 from reset_rules r ${whereOf([
      sql`r.partner_id = ${partnerId}`,
      sql`r.deleted_at is null`,
      sql`lower(r.name) = lower(${name}::text)`,
      exceptId ? sql`r.id <> ${exceptId}` : undefined,
      inScopeSql(scope, sql`r.partner_id`),
    ])} limit 1`,
  );
  return row !== undefined;
}

/** Whether the partner exists and is in scope. */
export async function partnerExists(db: DbOrTx, scope: Scope, partnerId: string): Promise<boolean> {
  const [row] = await rows(
    db,
    sql`select 1 from partners p ${whereOf([sql`p.id = ${partnerId}`, inScopeSql(scope, sql`p.id`)])}`,
  );
  return row !== undefined;
}

/** The category's custom property by id (account-wide, read by anyone), or undefined. */
export async function propertyOf(
  db: DbOrTx,
  categoryId: string,
  propertyId: string,
): Promise<{ id: string; name: string; valueType: string } | undefined> {
  const [row] = await rows<{ id: string; name: string; value_type: string }>(
    db,
    sql`select id, name, value_type from asset_properties where id = ${propertyId} and category_id = ${categoryId}`,
  );
  return row && { id: row.id, name: row.name, valueType: row.value_type };
}

/** Whether the work item is live (in use) and of this partner, within the scope. */
export async function liveWorkItemOf(db: DbOrTx, scope: Scope, partnerId: string, id: string): Promise<boolean> {
  const [row] = await rows(
    db,
    sql`select 1 from work_items w ${whereOf([
      sql`w.id = ${id}`,
      sql`w.partner_id = ${partnerId}`,
      sql`w.status = 'Inuse'`,
      inScopeSql(scope, sql`w.partner_id`),
    ])}`,
  );
  return row !== undefined;
}

/** Whether the checklist is live (in use) and of this partner, within the scope. */
export async function liveChecklistOf(db: DbOrTx, scope: Scope, partnerId: string, id: string): Promise<boolean> {
  const [row] = await rows(
    db,
    sql`select 1 from checklists c ${whereOf([
      sql`c.id = ${id}`,
      sql`c.partner_id = ${partnerId}`,
      sql`c.status = 'Inuse'`,
      inScopeSql(scope, sql`c.partner_id`),
    ])}`,
  );
  return row !== undefined;
}

/** Inserts a reset rule of a partner in scope (else 403 PartnerOutOfScope). */
export async function insert(
  db: DbOrTx,
  scope: Scope,
  id: string,
  values: ResetRuleValues & { partnerId: string; categoryId: string },
) {
  assertPartnerInScope(scope, values.partnerId);
  await db.insert(resetRules).values({ id, ...values });
}

/** Replaces the changeable fields of an in-scope live rule; answers whether it did. */
export async function update(db: DbOrTx, scope: Scope, id: string, v: ResetRuleValues): Promise<boolean> {
  const done = await rows(
    db,
    sql`update reset_rules r set name = ${v.name}, detail = ${v.detail}, type = ${v.type},
      work_item_id = ${v.workItemId}, checklist_id = ${v.checklistId}, property = ${v.property},
      property_value = ${v.propertyValue}, remind_before_reset = ${v.remindBeforeReset},
      remind_before = ${v.remindBefore}, updated_at = now()
    ${whereOf([sql`r.id = ${id}`, sql`r.deleted_at is null`, inScopeSql(scope, sql`r.partner_id`)])}
    returning r.id`,
  );
  return done.length > 0;
}

export async function softDelete(db: DbOrTx, scope: Scope, id: string): Promise<boolean> {
  const done = await rows(
    db,
    sql`update reset_rules r set deleted_at = now(), updated_at = now()
    ${whereOf([sql`r.id = ${id}`, sql`r.deleted_at is null`, inScopeSql(scope, sql`r.partner_id`)])}
    returning r.id`,
  );
  return done.length > 0;
}

/** The live groups that reset by this rule (a remind-before change moves their thresholds). */
export async function groupIdsUsing(db: DbOrTx, scope: Scope, ruleId: string): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select g.id from asset_timer_groups g ${whereOf([
      sql`g.reset_rule_id = ${ruleId}`,
      sql`g.deleted_at is null`,
      inScopeSql(scope, sql`g.partner_id`),
    ])} order by g.id`,
  );
  return found.map((r) => r.id);
}
