import { ASSET_NO_MAX } from '@fleetdesk/contracts';
import { and, asc, eq, gte, inArray, like, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assetCategories, assetProperties, assets, assetUniqueValues, partners, sites } from '../../db/schema/index.ts';
import { inScope } from '../../db/sql.ts';
import { type AllPartners, assertPartnerInScope, type Scope } from '../../lib/scope.ts';

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

/** One asset by number within the scope: another partner's asset is absent, exactly like a missing one. */
export async function getByNo(db: DbOrTx, scope: Scope, no: string): Promise<AssetRow | undefined> {
  const [row] = await selectAssets(db).where(and(eq(assets.no, no), inScope(scope, assets.partnerId)));
  return row;
}

/** Locks an in-scope asset row for the rest of the transaction, so two changes of one asset do not interleave. */
export async function lockByNo(db: DbOrTx, scope: Scope, no: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.no, no), inScope(scope, assets.partnerId)))
    .for('update');
  return row?.id;
}

/**
 * Locks the rows of these assets for the rest of the transaction, in number order so two batches touching the
 * same assets wait for each other instead of deadlocking.
 */
export async function lockByNos(db: DbOrTx, scope: Scope, nos: readonly string[]) {
  if (nos.length === 0) return;
  await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(inArray(assets.no, [...nos]), inScope(scope, assets.partnerId)))
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

export type SiteRow = { id: string; partnerId: string; name: string };

/** Sites of in-scope partners by id (another partner's site is absent, like an unknown one). */
export async function getSites(db: DbOrTx, scope: Scope, ids: readonly string[]): Promise<Map<string, SiteRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: sites.id, partnerId: sites.partnerId, name: sites.name })
    .from(sites)
    .where(and(inArray(sites.id, [...ids]), inScope(scope, sites.partnerId)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Which of these partner ids exist within the scope. */
export async function existingPartners(db: DbOrTx, scope: Scope, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(inArray(partners.id, [...ids]), inScope(scope, partners.id)));
  return new Set(rows.map((r) => r.id));
}

/** Which of these asset numbers are taken: numbers are unique across all partners, so the whole account is read. */
export async function existingNos(db: DbOrTx, _scope: AllPartners, nos: readonly string[]): Promise<Set<string>> {
  if (nos.length === 0) return new Set();
  const rows = await db
    .select({ no: assets.no })
    .from(assets)
    .where(inArray(assets.no, [...nos]));
  return new Set(rows.map((r) => r.no));
}

/**
 * The asset a device is bound to, if any. A device is bound to one asset across all partners, so every asset is
 * looked at; the number of an asset outside the scope stays hidden (null).
 */
export async function assetOfDevice(
  db: DbOrTx,
  scope: Scope,
  deviceNo: string,
): Promise<{ id: string; no: string | null } | undefined> {
  const visible = inScope(scope, assets.partnerId);
  const [row] = await db
    .select({ id: assets.id, no: visible ? sql<string | null>`case when ${visible} then ${assets.no} end` : assets.no })
    .from(assets)
    .where(eq(assets.iotDeviceNo, deviceNo));
  return row;
}

/** Inserts assets of in-scope partners; a row of another partner is refused (403) before anything is written. */
export async function insertMany(db: DbOrTx, scope: Scope, rows: readonly (AssetValues & { id: string })[]) {
  for (const row of rows) assertPartnerInScope(scope, row.partnerId);
  if (rows.length > 0) await db.insert(assets).values([...rows]);
}

export async function update(db: DbOrTx, scope: Scope, id: string, values: Partial<AssetValues>) {
  await db
    .update(assets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(assets.id, id), inScope(scope, assets.partnerId)));
}

export async function removeMany(db: DbOrTx, scope: Scope, ids: readonly string[]) {
  if (ids.length > 0) {
    await db.delete(assets).where(and(inArray(assets.id, [...ids]), inScope(scope, assets.partnerId)));
  }
}

export type UniqueValue = { propertyId: string; value: string };

/**
 * Who holds each of these unique values now (several values of several properties at once): values are unique
 * across all partners, so the whole account is read.
 */
export async function uniqueValueHolders(
  db: DbOrTx,
  _scope: AllPartners,
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
  scope: Scope,
  values: readonly { assetId: string; propertyId: string; value: string | null }[],
) {
  if (values.length === 0) return;
  // Only rows of in-scope assets are replaced: the asset numbers come from requests, the scope from the session.
  const ofScope = inScope(scope, assets.partnerId);
  const writable = ofScope
    ? new Set(
        (
          await db
            .select({ id: assets.id })
            .from(assets)
            .where(and(inArray(assets.id, [...new Set(values.map((v) => v.assetId))]), ofScope))
        ).map((r) => r.id),
      )
    : null;
  const mine = writable ? values.filter((v) => writable.has(v.assetId)) : values;
  if (mine.length === 0) return;
  await db
    .delete(assetUniqueValues)
    .where(
      or(
        ...mine.map((v) =>
          and(eq(assetUniqueValues.assetId, v.assetId), eq(assetUniqueValues.propertyId, v.propertyId)),
        ),
      ),
    );
  const kept = mine.flatMap((v) =>
    v.value === null ? [] : [{ assetId: v.assetId, propertyId: v.propertyId, value: v.value }],
  );
  if (kept.length > 0) await db.insert(assetUniqueValues).values(kept);
}
