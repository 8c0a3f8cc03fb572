import type { DiscountListQuery, PartListQuery, ProgramListQuery, ProgramNotice } from '@fleetdesk/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  discounts,
  operationSettings,
  programDepositParts,
  programPaymentPlans,
  programPricingParts,
  programRuleParts,
  rentalPrograms,
} from '../../db/schema/index.ts';
import { inScope, inScopeSql, rows, uuidList, whereOf } from '../../db/sql.ts';
import { notFound } from '../../errors.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import { assertPartnerInScope, isAll, type Scope } from '../../lib/scope.ts';

type Timestamp = Date | string;

export interface ProgramRow {
  id: string;
  partner_id: string;
  partner_name: string;
  category_id: string;
  category_name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/*
 * Programs, their parts and their discounts are keyed by partner: every function takes the caller's scope and
 * applies it in SQL, so a program or discount of a partner outside it reads (and writes) as absent.
 */
const scopeOf = (scope: Scope) => inScopeSql(scope, sql`rp.partner_id`);

/** ` and <column> in (in-scope program ids)`, or nothing for "*", for queries on a table keyed by program. */
const programInScope = (scope: Scope, programColumn: SQL) => {
  const partner = scopeOf(scope);
  return partner ? sql` and ${programColumn} in (select rp.id from rental_programs rp where ${partner})` : sql``;
};

/** The same condition for drizzle queries on a part table. */
const partInScope = (db: DbOrTx, scope: Scope, programColumn: AnyPgColumn) => {
  const partner = inScope(scope, rentalPrograms.partnerId);
  return partner && inArray(programColumn, db.select({ id: rentalPrograms.id }).from(rentalPrograms).where(partner));
};

/** Writes keyed by program id check first that the program is in scope (404 otherwise, as if it did not exist). */
async function assertProgramInScope(db: DbOrTx, scope: Scope, programId: string) {
  if (isAll(scope)) return;
  const [row] = await rows<{ id: string }>(
    db,
    sql`select rp.id from rental_programs rp where rp.id = ${programId} and ${scopeOf(scope)}`,
  );
  if (!row) throw notFound();
}

const programColumns = sql`rp.id, rp.partner_id, p.name as partner_name, rp.asset_category_id as category_id,
  c.name as category_name, rp.created_at, rp.updated_at`;
const fromPrograms = sql`from rental_programs rp join partners p on p.id = rp.partner_id
  join asset_categories c on c.id = rp.asset_category_id`;

export async function listPrograms(db: DbOrTx, scope: Scope, q: ProgramListQuery) {
  const where = whereOf([
    scopeOf(scope),
    q.partnerId ? sql`rp.partner_id = ${q.partnerId}` : undefined,
    q.assetCategoryId ? sql`rp.asset_category_id = ${q.assetCategoryId}` : undefined,
  ]);
  const direction = q.sort.direction === 'asc' ? sql`asc` : sql`desc`;
  const key = q.sort.key === 'updatedAt' ? sql`rp.updated_at` : sql`rp.created_at`;
  const [found, [total]] = await Promise.all([
    rows<ProgramRow>(
      db,
      sql`select ${programColumns} ${fromPrograms}${where} order by ${key} ${direction}, rp.id
          limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n ${fromPrograms}${where}`),
  ]);
  return { rows: found, count: total?.n ?? 0 };
}

export async function programById(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await rows<ProgramRow>(
    db,
    sql`select ${programColumns} ${fromPrograms}${whereOf([scopeOf(scope), sql`rp.id = ${id}`])}`,
  );
  return row;
}

export async function programOf(
  db: DbOrTx,
  scope: Scope,
  partnerId: string,
  categoryId: string,
  opts: { lock?: boolean } = {},
) {
  const where = whereOf([scopeOf(scope), sql`rp.partner_id = ${partnerId}`, sql`rp.asset_category_id = ${categoryId}`]);
  const [row] = await rows<ProgramRow>(
    db,
    sql`select ${programColumns} ${fromPrograms}${where}${opts.lock ? sql` for update of rp` : sql``}`,
  );
  return row;
}

/** The program of a partner and category, made when its first part is (concurrent makers share one row). */
export async function ensureProgram(db: DbOrTx, scope: Scope, id: string, partnerId: string, categoryId: string) {
  assertPartnerInScope(scope, partnerId);
  await db
    .insert(rentalPrograms)
    .values({ id, partnerId, assetCategoryId: categoryId })
    .onConflictDoNothing({ target: [rentalPrograms.partnerId, rentalPrograms.assetCategoryId] });
  const program = await programOf(db, scope, partnerId, categoryId, { lock: true });
  if (!program) throw new Error('program vanished while being created');
  return program;
}

export async function touchProgram(db: DbOrTx, scope: Scope, id: string) {
  await db
    .update(rentalPrograms)
    .set({ updatedAt: new Date() })
    .where(and(inScope(scope, rentalPrograms.partnerId), eq(rentalPrograms.id, id)));
}

export async function deleteProgram(db: DbOrTx, scope: Scope, id: string) {
  await assertProgramInScope(db, scope, id);
  await db.delete(discounts).where(eq(discounts.programId, id));
  await db.delete(rentalPrograms).where(eq(rentalPrograms.id, id));
}

export type PricingRow = typeof programPricingParts.$inferSelect;
export type PlanRow = typeof programPaymentPlans.$inferSelect;
export type DepositRow = typeof programDepositParts.$inferSelect;
export type RuleRow = typeof programRuleParts.$inferSelect;

export async function pricingOf(db: DbOrTx, scope: Scope, programIds: string[]) {
  if (programIds.length === 0) return { parts: [] as PricingRow[], plans: [] as PlanRow[] };
  const [parts, plans] = await Promise.all([
    db
      .select()
      .from(programPricingParts)
      .where(
        and(partInScope(db, scope, programPricingParts.programId), inArray(programPricingParts.programId, programIds)),
      ),
    db
      .select()
      .from(programPaymentPlans)
      .where(
        and(partInScope(db, scope, programPaymentPlans.programId), inArray(programPaymentPlans.programId, programIds)),
      )
      .orderBy(programPaymentPlans.priority),
  ]);
  return { parts, plans };
}

export const depositsOf = (db: DbOrTx, scope: Scope, programIds: string[]) =>
  programIds.length === 0
    ? Promise.resolve([] as DepositRow[])
    : db
        .select()
        .from(programDepositParts)
        .where(
          and(
            partInScope(db, scope, programDepositParts.programId),
            inArray(programDepositParts.programId, programIds),
          ),
        );

export const rulesOf = (db: DbOrTx, scope: Scope, programIds: string[]) =>
  programIds.length === 0
    ? Promise.resolve([] as RuleRow[])
    : db
        .select()
        .from(programRuleParts)
        .where(
          and(partInScope(db, scope, programRuleParts.programId), inArray(programRuleParts.programId, programIds)),
        );

const partTables = {
  pricing: 'program_pricing_parts',
  deposit: 'program_deposit_parts',
  rule: 'program_rule_parts',
} as const;
export type PartKind = keyof typeof partTables;

/** The programs (in scope, filtered, paged) that have a part of this kind, newest part first. */
export async function listPartPrograms(db: DbOrTx, scope: Scope, kind: PartKind, q: PartListQuery) {
  const table = sql.raw(partTables[kind]);
  const where = whereOf([
    scopeOf(scope),
    q.partnerId ? sql`rp.partner_id = ${q.partnerId}` : undefined,
    q.assetCategoryId ? sql`rp.asset_category_id = ${q.assetCategoryId}` : undefined,
  ]);
  const direction = q.sort.direction === 'asc' ? sql`asc` : sql`desc`;
  const key = q.sort.key === 'updatedAt' ? sql`part.updated_at` : sql`part.created_at`;
  const from = sql`${fromPrograms} join ${table} part on part.program_id = rp.id`;
  const [found, [total]] = await Promise.all([
    rows<ProgramRow>(
      db,
      sql`select ${programColumns} ${from}${where} order by ${key} ${direction}, rp.id
          limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n ${from}${where}`),
  ]);
  return { rows: found, count: total?.n ?? 0 };
}

export async function upsertPricing(
  db: DbOrTx,
  scope: Scope,
  programId: string,
  values: { unitPrice: number; priceUnit: string; currency: string; rentalFeeNotice: ProgramNotice },
) {
  await assertProgramInScope(db, scope, programId);
  await db
    .insert(programPricingParts)
    .values({ programId, ...values })
    .onConflictDoUpdate({ target: programPricingParts.programId, set: { ...values, updatedAt: new Date() } });
}

/** Replaces the plans; a plan with the same frequency and unit keeps its id (and its discounts). */
export async function replacePlans(
  db: DbOrTx,
  scope: Scope,
  programId: string,
  keep: { id: string; priority: number }[],
  add: { id: string; frequency: number; unit: string; priority: number }[],
) {
  await assertProgramInScope(db, scope, programId);
  const keepIds = keep.map((k) => k.id);
  await db
    .delete(programPaymentPlans)
    .where(
      keepIds.length
        ? and(
            eq(programPaymentPlans.programId, programId),
            sql`${programPaymentPlans.id} not in (${uuidList(keepIds)})`,
          )
        : eq(programPaymentPlans.programId, programId),
    );
  for (const k of keep) {
    await db
      .update(programPaymentPlans)
      .set({ priority: k.priority })
      .where(and(eq(programPaymentPlans.programId, programId), eq(programPaymentPlans.id, k.id)));
  }
  if (add.length) await db.insert(programPaymentPlans).values(add.map((a) => ({ ...a, programId })));
}

export async function deletePart(db: DbOrTx, scope: Scope, kind: PartKind, programId: string) {
  await assertProgramInScope(db, scope, programId);
  const table = { pricing: programPricingParts, deposit: programDepositParts, rule: programRuleParts }[kind];
  await db.delete(table).where(eq(table.programId, programId));
}

export async function upsertDeposit(
  db: DbOrTx,
  scope: Scope,
  programId: string,
  values: { amount: number; currency: string; notice: ProgramNotice | null },
) {
  await assertProgramInScope(db, scope, programId);
  await db
    .insert(programDepositParts)
    .values({ programId, ...values })
    .onConflictDoUpdate({ target: programDepositParts.programId, set: { ...values, updatedAt: new Date() } });
}

export async function upsertRule(
  db: DbOrTx,
  scope: Scope,
  programId: string,
  values: Omit<typeof programRuleParts.$inferInsert, 'programId' | 'createdAt' | 'updatedAt'>,
) {
  await assertProgramInScope(db, scope, programId);
  await db
    .insert(programRuleParts)
    .values({ programId, ...values })
    .onConflictDoUpdate({ target: programRuleParts.programId, set: { ...values, updatedAt: new Date() } });
}

/** The partner's operation setting as pricing and renting need it: currency and policies, once confirmed. */
export async function operationOf(db: DbOrTx, scope: Scope, partnerId: string) {
  const [row] = await db
    .select({
      currency: operationSettings.currency,
      creditCardPolicy: operationSettings.creditCardPolicy,
      depositPolicy: operationSettings.depositPolicy,
      confirmedAt: operationSettings.confirmedAt,
    })
    .from(operationSettings)
    .where(and(inScope(scope, operationSettings.partnerId), eq(operationSettings.partnerId, partnerId)));
  return row;
}

/* Discounts */

export interface DiscountRow {
  id: string;
  program_id: string;
  payment_plan_id: string;
  name: string;
  description: string | null;
  start_time: Timestamp;
  end_time: Timestamp | null;
  discount_percent: string | number;
  unit_price: string | number;
  price_unit: string;
  currency: string;
  plan_frequency: number;
  plan_unit: string;
  plan_priority: number;
  cancelled_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  partner_id: string;
  partner_name: string;
  category_id: string;
  category_name: string;
}

/** A discount's status at `now`: cancelled, ended, active or scheduled — one SQL expression for filter and answer. */
export const discountStatusSql = sql`case when d.cancelled_at is not null then 'cancelled'
  when d.end_time is not null and d.end_time <= now() then 'ended'
  when d.start_time <= now() then 'active' else 'scheduled' end`;

const discountColumns = sql`d.id, d.program_id, d.payment_plan_id, d.name, d.description, d.start_time, d.end_time,
  d.discount_percent, d.unit_price, d.price_unit, d.currency, d.plan_frequency, d.plan_unit, d.plan_priority,
  d.cancelled_at, d.created_at, d.updated_at, rp.partner_id, p.name as partner_name,
  rp.asset_category_id as category_id, c.name as category_name`;
const fromDiscounts = sql`from discounts d join rental_programs rp on rp.id = d.program_id
  join partners p on p.id = rp.partner_id join asset_categories c on c.id = rp.asset_category_id`;

const discountSort = {
  createdAt: sql`d.created_at`,
  updatedAt: sql`d.updated_at`,
  startTime: sql`d.start_time`,
  name: sql`lower(d.name)`,
} as const;

export async function listDiscounts(db: DbOrTx, scope: Scope, q: DiscountListQuery) {
  const where = whereOf([
    scopeOf(scope),
    q.partnerId ? sql`rp.partner_id = ${q.partnerId}` : undefined,
    q.assetCategoryId ? sql`rp.asset_category_id = ${q.assetCategoryId}` : undefined,
    q.status ? sql`${discountStatusSql} = ${q.status}` : undefined,
    q.search ? sql`d.name ilike ${likePattern(q.search)}` : undefined,
  ]);
  const direction = q.sort.direction === 'asc' ? sql`asc` : sql`desc`;
  const [found, [total]] = await Promise.all([
    rows<DiscountRow>(
      db,
      sql`select ${discountColumns} ${fromDiscounts}${where}
          order by ${discountSort[q.sort.key]} ${direction}, d.id limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n ${fromDiscounts}${where}`),
  ]);
  return { rows: found, count: total?.n ?? 0 };
}

export async function discountById(db: DbOrTx, scope: Scope, id: string, opts: { lock?: boolean } = {}) {
  const where = whereOf([scopeOf(scope), sql`d.id = ${id}`]);
  const [row] = await rows<DiscountRow>(
    db,
    sql`select ${discountColumns} ${fromDiscounts}${where}${opts.lock ? sql` for update of d` : sql``}`,
  );
  return row;
}

/**
 * Discounts that have not ended (scheduled or active, not cancelled) of a program, or of some of its plans:
 * the ones a price change would delete.
 */
export async function openDiscounts(db: DbOrTx, scope: Scope, programId: string, planIds?: string[]) {
  if (planIds && planIds.length === 0) return [];
  return rows<{ id: string; name: string }>(
    db,
    sql`select d.id, d.name from discounts d
        where d.program_id = ${programId} and d.cancelled_at is null and (d.end_time is null or d.end_time > now())
          ${programInScope(scope, sql`d.program_id`)}
          ${planIds ? sql`and d.payment_plan_id in (${uuidList(planIds)})` : sql``}
        order by d.start_time, d.id`,
  );
}

export async function deleteDiscounts(db: DbOrTx, scope: Scope, discountIds: string[]) {
  if (discountIds.length === 0) return;
  await db
    .delete(discounts)
    .where(and(partInScope(db, scope, discounts.programId), inArray(discounts.id, discountIds)));
}

/** Another live discount of the same plan whose time overlaps [start, end) (end null = open). */
export async function overlapping(
  db: DbOrTx,
  scope: Scope,
  planId: string,
  start: Date,
  end: Date | null,
  exceptId?: string,
) {
  const [row] = await rows<{ id: string; name: string }>(
    db,
    sql`select d.id, d.name from discounts d
        where d.payment_plan_id = ${planId} and d.cancelled_at is null${programInScope(scope, sql`d.program_id`)}
          ${exceptId ? sql`and d.id <> ${exceptId}` : sql``}
          and (d.end_time is null or d.end_time > ${start.toISOString()})
          ${end ? sql`and d.start_time < ${end.toISOString()}` : sql``}
        limit 1`,
  );
  return row;
}

export type DiscountValues = Partial<Omit<typeof discounts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>>;

export async function insertDiscount(db: DbOrTx, scope: Scope, values: typeof discounts.$inferInsert) {
  await assertProgramInScope(db, scope, values.programId);
  await db.insert(discounts).values(values);
}

export async function updateDiscount(db: DbOrTx, scope: Scope, id: string, values: DiscountValues) {
  await db
    .update(discounts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(partInScope(db, scope, discounts.programId), eq(discounts.id, id)));
}

/** The discount in force now for each of these plans (at most one: discounts of a plan never overlap). */
export async function activeDiscounts(db: DbOrTx, scope: Scope, planIds: string[]) {
  if (planIds.length === 0) return [];
  return rows<{
    id: string;
    name: string;
    payment_plan_id: string;
    discount_percent: string | number;
    end_time: Timestamp | null;
  }>(
    db,
    sql`select d.id, d.name, d.payment_plan_id, d.discount_percent, d.end_time from discounts d
        where d.payment_plan_id in (${uuidList(planIds)}) and d.cancelled_at is null${programInScope(scope, sql`d.program_id`)}
          and d.start_time <= now() and (d.end_time is null or d.end_time > now())`,
  );
}
