import type { CategoryListQuery } from '@fleetdesk/contracts';
import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assetCategories, assetProperties, assets, assetUniqueValues } from '../../db/schema/index.ts';
import { orderBy, rows, uuidList } from '../../db/sql.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import type { AllPartners } from '../../lib/scope.ts';

export type CategoryRow = typeof assetCategories.$inferSelect;
export type PropertyRow = typeof assetProperties.$inferSelect;
export type CategoryValues = Omit<typeof assetCategories.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type PropertyValues = Omit<typeof assetProperties.$inferInsert, 'createdAt' | 'updatedAt'>;

/** A category row with its properties (display order) and whether any asset uses it. */
export interface CategoryWithProperties {
  category: CategoryRow;
  properties: PropertyRow[];
  hasAssets: boolean;
}

/*
 * Categories and their properties belong to the account: every partner's assets use them. Reads take no scope;
 * every write takes `AllPartners`, so only a caller whose scope was narrowed to "*" can reach it.
 */

// Spelled out: drizzle leaves columns unqualified in single-table selects, which would bind them to the subquery.
const anyAsset = sql<boolean>`exists (select 1 from assets a where a.category_id = "asset_categories"."id")`;

async function withProperties(db: DbOrTx, found: { category: CategoryRow; hasAssets: boolean }[]) {
  if (found.length === 0) return [];
  const props = await db
    .select()
    .from(assetProperties)
    .where(
      inArray(
        assetProperties.categoryId,
        found.map((f) => f.category.id),
      ),
    )
    .orderBy(asc(assetProperties.position), asc(assetProperties.createdAt), asc(assetProperties.id));
  return found.map((f) => ({ ...f, properties: props.filter((p) => p.categoryId === f.category.id) }));
}

/** Categories matching the filters, one page and the total; `withDisabled` false hides disabled ones. */
export async function list(
  db: DbOrTx,
  q: CategoryListQuery,
  withDisabled: boolean,
): Promise<{ rows: CategoryWithProperties[]; count: number }> {
  const where = and(
    withDisabled ? undefined : eq(assetCategories.isEnabled, true),
    q.search ? ilike(assetCategories.name, likePattern(q.search)) : undefined,
    q.assetType ? eq(assetCategories.assetType, q.assetType) : undefined,
    q.isEnabled === undefined ? undefined : eq(assetCategories.isEnabled, q.isEnabled),
    q.isIot === undefined ? undefined : eq(assetCategories.isIot, q.isIot),
  );
  const [page, [total]] = await Promise.all([
    db
      .select({ category: assetCategories, hasAssets: anyAsset })
      .from(assetCategories)
      .where(where)
      .orderBy(
        ...orderBy(
          q.sort,
          {
            createdAt: assetCategories.createdAt,
            updatedAt: assetCategories.updatedAt,
            name: sql`lower(${assetCategories.name})`,
          },
          assetCategories.id,
        ),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(assetCategories).where(where),
  ]);
  return { rows: await withProperties(db, page), count: total?.n ?? 0 };
}

export async function summaries(db: DbOrTx, withDisabled: boolean) {
  return db
    .select({
      id: assetCategories.id,
      name: assetCategories.name,
      assetType: assetCategories.assetType,
      isEnabled: assetCategories.isEnabled,
      isIot: assetCategories.isIot,
    })
    .from(assetCategories)
    .where(withDisabled ? undefined : eq(assetCategories.isEnabled, true))
    .orderBy(sql`lower(${assetCategories.name})`, assetCategories.id);
}

/** One category by id; `lock` takes a row lock so concurrent edits of the same category queue up. */
export async function get(db: DbOrTx, id: string, lock = false): Promise<CategoryWithProperties | undefined> {
  const base = db.select({ category: assetCategories, hasAssets: anyAsset }).from(assetCategories);
  const found = lock
    ? await base.where(eq(assetCategories.id, id)).for('update', { of: assetCategories })
    : await base.where(eq(assetCategories.id, id));
  const [row] = await withProperties(db, found);
  return row;
}

export async function properties(db: DbOrTx, categoryId: string): Promise<PropertyRow[]> {
  return db
    .select()
    .from(assetProperties)
    .where(eq(assetProperties.categoryId, categoryId))
    .orderBy(asc(assetProperties.position), asc(assetProperties.createdAt), asc(assetProperties.id));
}

/** The id of another category with this name, compared case-insensitively (the unique index does the same). */
export async function nameTakenBy(db: DbOrTx, name: string, exceptId?: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: assetCategories.id })
    .from(assetCategories)
    .where(
      and(
        sql`lower(${assetCategories.name}) = lower(${name})`,
        exceptId ? sql`${assetCategories.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row?.id;
}

export async function insertCategory(db: DbOrTx, _scope: AllPartners, id: string, values: CategoryValues) {
  await db.insert(assetCategories).values({ id, ...values });
}

export async function updateCategory(db: DbOrTx, _scope: AllPartners, id: string, values: Partial<CategoryValues>) {
  await db
    .update(assetCategories)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(assetCategories.id, id));
}

export async function insertProperties(db: DbOrTx, _scope: AllPartners, values: PropertyValues[]) {
  if (values.length === 0) return;
  await db.insert(assetProperties).values(values);
}

export async function updateProperty(
  db: DbOrTx,
  _scope: AllPartners,
  id: string,
  values: Partial<Omit<PropertyValues, 'id'>>,
) {
  await db
    .update(assetProperties)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(assetProperties.id, id));
}

/**
 * Renames go through a temporary name first: swapping two names ("A"→"B", "B"→"A") would otherwise break the
 * (category, lower(name)) unique index halfway through, as it is checked row by row.
 */
export async function parkPropertyNames(db: DbOrTx, _scope: AllPartners, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(assetProperties)
    .set({ name: sql`'~' || ${assetProperties.id}::text` })
    .where(inArray(assetProperties.id, ids));
}

/** A property no longer unique stops reserving its values, or the unique index would keep refusing repeats. */
export async function forgetUniqueValues(db: DbOrTx, _scope: AllPartners, propertyIds: string[]) {
  if (propertyIds.length === 0) return;
  await db.delete(assetUniqueValues).where(inArray(assetUniqueValues.propertyId, propertyIds));
}

export async function deleteProperties(db: DbOrTx, _scope: AllPartners, ids: string[]) {
  if (ids.length === 0) return;
  await db.delete(assetProperties).where(inArray(assetProperties.id, ids));
}

/**
 * Which of these properties have a value on some asset of the category. Values are keyed by property id in
 * `assets.properties`; the category index narrows the scan to the category's own assets.
 */
export async function propertiesWithValues(db: DbOrTx, categoryId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await rows<{ id: string }>(
    db,
    sql`select p.id from ${assetProperties} p
        where p.category_id = ${categoryId}
          and p.id in (${uuidList(ids)})
          and exists (select 1 from ${assets} a
                      where a.category_id = p.category_id
                        and coalesce(a.properties -> (p.id::text), 'null'::jsonb) <> 'null'::jsonb)`,
  );
  return new Set(found.map((r) => r.id));
}

/**
 * Sets every asset of the category that is not Removed yet to Removed and writes one field log per changed
 * asset: one UPDATE and one INSERT … SELECT whatever the number of assets, the old state read in the same
 * statement so the log says what each asset was before.
 */
export async function removeAssetsOf(
  db: DbOrTx,
  _scope: AllPartners,
  categoryId: string,
  userId: string,
): Promise<number> {
  const changed = await rows<{ n: number | string }>(
    db,
    sql`with before as (
          select id, life_cycle_state from ${assets}
          where category_id = ${categoryId} and life_cycle_state <> 'Removed'
          for update
        ),
        changed as (
          update ${assets} a set life_cycle_state = 'Removed', updated_at = now()
          from before b where a.id = b.id
          returning a.id
        ),
        logged as (
          insert into field_logs (id, entity_type, entity_id, field, before, after, user_id)
          select gen_random_uuid(), 'asset', b.id::text, 'lifeCycleState', to_jsonb(b.life_cycle_state),
                 to_jsonb('Removed'::text), ${userId}::uuid
          from before b join changed c on c.id = b.id
          returning 1
        )
        select count(*) as n from logged`,
  );
  return Number(changed[0]?.n ?? 0);
}
