import { ASSET_NO_MAX } from '@fleetdesk/contracts';
import { and, asc, count, eq, gte, inArray, like, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assetCategories, assetProperties, assets, assetUniqueValues, partners, sites } from '../../db/schema/index.ts';
import { inScope, type Scope } from '../../lib/scope.ts';

export type AssetValues = Omit<typeof assets.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type CategoryRow = typeof assetCategories.$inferSelect;
export type PropertyRow = typeof assetProperties.$inferSelect;

/** An asset with the names of what it links to, as every read returns it. */
export type AssetRow = {
  asset: typeof assets.$inferSelect;
  partnerName: string;
  category: { id: string; name: string; assetType: string; isEnabled: boolean; isIot: boolean };
  siteName: string | null;
};

/** The columns of an asset row as the API shows it; the asset query selects the same. */
export const assetRowColumns = {
  asset: assets,
  partnerName: partners.name,
  category: {
    id: assetCategories.id,
    name: assetCategories.name,
    assetType: assetCategories.assetType,
    isEnabled: assetCategories.isEnabled,
    isIot: assetCategories.isIot,
  },
  siteName: sites.name,
};

function selectAssets(db: DbOrTx) {
  return db
    .select(assetRowColumns)
    .from(assets)
    .innerJoin(partners, eq(partners.id, assets.partnerId))
    .innerJoin(assetCategories, eq(assetCategories.id, assets.categoryId))
    .leftJoin(sites, eq(sites.id, assets.siteId));
}

/** One asset by number, whatever the scope: the service decides between 404 and 403. */
export async function getByNo(db: DbOrTx, no: string): Promise<AssetRow | undefined> {
  const [row] = await selectAssets(db).where(eq(assets.no, no));
  return row;
}

/** Locks the asset row for the rest of the transaction, so two changes of one asset do not interleave. */
export async function lockByNo(db: DbOrTx, no: string): Promise<string | undefined> {
  const [row] = await db.select({ id: assets.id }).from(assets).where(eq(assets.no, no)).for('update');
  return row?.id;
}

/**
 * Locks the rows of these assets for the rest of the transaction, in number order so two batches touching the
 * same assets wait for each other instead of deadlocking.
 */
export async function lockByNos(db: DbOrTx, nos: readonly string[]) {
  if (nos.length === 0) return;
  await db
    .select({ id: assets.id })
    .from(assets)
    .where(inArray(assets.no, [...nos]))
    .orderBy(asc(assets.no))
    .for('update');
}

/** Assets of in-scope partners by number (unknown or out-of-scope numbers are simply absent). */
export async function getManyByNos(db: DbOrTx, scope: Scope, nos: readonly string[]): Promise<AssetRow[]> {
  if (nos.length === 0) return [];
  return selectAssets(db).where(and(inArray(assets.no, [...nos]), inScope(scope, assets.partnerId)));
}

/**
 * In-scope asset numbers starting with a prefix, in order. LIKE alone cannot use the unique index under a
 * non-C collation, so the numbers are also bounded as a range: every number of capital letters and digits
 * starting with the prefix lies between it and the prefix followed by Z's, which the index scans.
 */
export async function findNos(db: DbOrTx, scope: Scope, prefix: string, limit: number): Promise<string[]> {
  const found = await db
    .select({ no: assets.no })
    .from(assets)
    .where(
      and(
        gte(assets.no, prefix),
        lte(assets.no, prefix + 'Z'.repeat(ASSET_NO_MAX)),
        like(assets.no, `${prefix}%`),
        inScope(scope, assets.partnerId),
      ),
    )
    .orderBy(asc(assets.no))
    .limit(limit);
  return found.map((r) => r.no);
}

export async function getCategory(db: DbOrTx, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(assetCategories).where(eq(assetCategories.id, id));
  return row;
}

/** The properties of these categories in display order. */
export async function propertiesOf(db: DbOrTx, categoryIds: readonly string[]): Promise<PropertyRow[]> {
  if (categoryIds.length === 0) return [];
  return db
    .select()
    .from(assetProperties)
    .where(inArray(assetProperties.categoryId, [...categoryIds]))
    .orderBy(asc(assetProperties.position), sql`lower(${assetProperties.name})`, asc(assetProperties.id));
}

export async function getSite(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: sites.id, partnerId: sites.partnerId, name: sites.name })
    .from(sites)
    .where(eq(sites.id, id));
  return row;
}

export type SiteRow = NonNullable<Awaited<ReturnType<typeof getSite>>>;

export async function getSites(db: DbOrTx, ids: readonly string[]): Promise<Map<string, SiteRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: sites.id, partnerId: sites.partnerId, name: sites.name })
    .from(sites)
    .where(inArray(sites.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Which of these partner ids exist. */
export async function existingPartners(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: partners.id })
    .from(partners)
    .where(inArray(partners.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

/** Which of these asset numbers are taken, whatever the scope (numbers are unique across all partners). */
export async function existingNos(db: DbOrTx, nos: readonly string[]): Promise<Set<string>> {
  if (nos.length === 0) return new Set();
  const rows = await db
    .select({ no: assets.no })
    .from(assets)
    .where(inArray(assets.no, [...nos]));
  return new Set(rows.map((r) => r.no));
}

/** The asset a device is bound to, if any. */
export async function assetOfDevice(db: DbOrTx, deviceNo: string): Promise<{ id: string; no: string } | undefined> {
  const [row] = await db.select({ id: assets.id, no: assets.no }).from(assets).where(eq(assets.iotDeviceNo, deviceNo));
  return row;
}

export async function insert(db: DbOrTx, id: string, values: AssetValues) {
  await db.insert(assets).values({ id, ...values });
}

export async function insertMany(db: DbOrTx, rows: readonly (AssetValues & { id: string })[]) {
  if (rows.length > 0) await db.insert(assets).values([...rows]);
}

export async function update(db: DbOrTx, id: string, values: Partial<AssetValues>) {
  await db
    .update(assets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(assets.id, id));
}

export async function remove(db: DbOrTx, id: string) {
  await db.delete(assets).where(eq(assets.id, id));
}

export async function removeMany(db: DbOrTx, ids: readonly string[]) {
  if (ids.length > 0) await db.delete(assets).where(inArray(assets.id, [...ids]));
}

export type UniqueValue = { propertyId: string; value: string };

/** Who holds each of these unique values now (several values of several properties at once). */
export async function uniqueValueHolders(
  db: DbOrTx,
  values: readonly UniqueValue[],
): Promise<(UniqueValue & { assetId: string })[]> {
  if (values.length === 0) return [];
  const held = await db
    .select({
      propertyId: assetUniqueValues.propertyId,
      value: assetUniqueValues.value,
      assetId: assetUniqueValues.assetId,
    })
    .from(assetUniqueValues)
    .where(
      and(
        inArray(assetUniqueValues.propertyId, [...new Set(values.map((v) => v.propertyId))]),
        inArray(assetUniqueValues.value, [...new Set(values.map((v) => v.value))]),
      ),
    );
  const wanted = new Set(values.map((v) => `${v.propertyId}\u0000${v.value}`));
  return held.filter((h) => wanted.has(`${h.propertyId}\u0000${h.value}`));
}

/**
 * Replaces the unique-value rows of these (asset, property) pairs: all old rows go first, so assets of one batch
 * may swap values without the unique index seeing both at once. `value` null only drops the row.
 */
export async function replaceUniqueValues(
  db: DbOrTx,
  values: readonly { assetId: string; propertyId: string; value: string | null }[],
) {
  if (values.length === 0) return;
  await db
    .delete(assetUniqueValues)
    .where(
      or(
        ...values.map((v) =>
          and(eq(assetUniqueValues.assetId, v.assetId), eq(assetUniqueValues.propertyId, v.propertyId)),
        ),
      ),
    );
  const kept = values.flatMap((v) =>
    v.value === null ? [] : [{ assetId: v.assetId, propertyId: v.propertyId, value: v.value }],
  );
  if (kept.length > 0) await db.insert(assetUniqueValues).values(kept);
}

/** How many assets stand at a site (sites in use cannot be deleted). */
export async function countAtSite(db: DbOrTx, siteId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(assets).where(eq(assets.siteId, siteId));
  return row?.n ?? 0;
}
