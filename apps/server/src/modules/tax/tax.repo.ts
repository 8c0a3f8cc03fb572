import type { TaxGroupListQuery } from '@fleetdesk/contracts';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sites, taxGroups, taxRates } from '../../db/schema/index.ts';
import { orderBy } from '../../db/sql.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import type { AllPartners } from '../../lib/scope.ts';

export type TaxGroupRow = typeof taxGroups.$inferSelect;
export type TaxGroupValues = Omit<typeof taxGroups.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type TaxRateRow = typeof taxRates.$inferSelect;
export type TaxRateValues = Omit<typeof taxRates.$inferInsert, 'createdAt'>;

/*
 * Tax groups belong to the account, not to a partner (docs/decisions.md "Tax groups"): every caller allowed by
 * the route reads every group, and every write takes `AllPartners`, so only a caller narrowed to "*" changes one.
 */

/** Tax groups matching the search (name, display name, country), one page of them and the total. */
export async function list(db: DbOrTx, q: TaxGroupListQuery) {
  const where = q.search
    ? or(
        ilike(taxGroups.name, likePattern(q.search)),
        ilike(taxGroups.displayName, likePattern(q.search)),
        ilike(taxGroups.country, likePattern(q.search)),
      )
    : undefined;
  const [rowsPage, [total]] = await Promise.all([
    db
      .select()
      .from(taxGroups)
      .where(where)
      .orderBy(
        ...orderBy(
          q.sort,
          {
            createdAt: taxGroups.createdAt,
            updatedAt: taxGroups.updatedAt,
            name: sql`lower(${taxGroups.name})`,
            country: taxGroups.country,
          },
          taxGroups.id,
        ),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(taxGroups).where(where),
  ]);
  return { rows: rowsPage, count: total?.n ?? 0 };
}

export async function get(db: DbOrTx, id: string) {
  const [row] = await db.select().from(taxGroups).where(eq(taxGroups.id, id));
  return row;
}

/** Whether another group already has this name, compared without case (the unique index does the same). */
export async function nameTaken(db: DbOrTx, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: taxGroups.id })
    .from(taxGroups)
    .where(and(sql`lower(${taxGroups.name}) = lower(${name})`, exceptId ? ne(taxGroups.id, exceptId) : undefined));
  return row !== undefined;
}

/** Every rate of these groups, oldest effective time first. */
export async function ratesOf(db: DbOrTx, groupIds: readonly string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select()
    .from(taxRates)
    .where(inArray(taxRates.taxGroupId, [...groupIds]))
    .orderBy(asc(taxRates.effectiveAt), asc(taxRates.id));
}

/** How many sites (archived or not) use each of these groups; groups no site uses are absent. */
export async function siteCounts(db: DbOrTx, groupIds: readonly string[]) {
  if (groupIds.length === 0) return new Map<string, number>();
  const found = await db
    .select({ taxGroupId: sites.taxGroupId, n: count() })
    .from(sites)
    .where(inArray(sites.taxGroupId, [...groupIds]))
    .groupBy(sites.taxGroupId);
  return new Map(found.map((r) => [r.taxGroupId ?? '', r.n]));
}

/** The sites, archived ones included, that point at a group and so block its deletion. */
export async function sitesUsing(db: DbOrTx, groupId: string) {
  return db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(eq(sites.taxGroupId, groupId))
    .orderBy(asc(sites.name), desc(sites.id));
}

export async function insert(db: DbOrTx, _scope: AllPartners, id: string, values: TaxGroupValues) {
  const [row] = await db
    .insert(taxGroups)
    .values({ id, ...values })
    .returning();
  return row!;
}

export async function update(db: DbOrTx, _scope: AllPartners, id: string, values: Partial<TaxGroupValues>) {
  const [row] = await db
    .update(taxGroups)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(taxGroups.id, id))
    .returning();
  return row!;
}

/** Appends rates to the history; rates are never updated nor deleted one by one. */
export async function insertRates(db: DbOrTx, _scope: AllPartners, rates: readonly TaxRateValues[]) {
  if (rates.length === 0) return;
  await db.insert(taxRates).values([...rates]);
}

/** Deletes a group; its rate history goes with it (ON DELETE CASCADE). */
export async function remove(db: DbOrTx, _scope: AllPartners, id: string) {
  await db.delete(taxGroups).where(eq(taxGroups.id, id));
}
