import { and, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  assetCategories,
  assets,
  partners,
  privateListAssets,
  privateLists,
  sites,
  users,
} from '../../db/schema/index.ts';
import { likePattern } from '../../lib/paging.ts';
import { inScope, type Scope } from '../../lib/scope.ts';

export type PrivateListRow = {
  list: typeof privateLists.$inferSelect;
  ownerName: string;
  assetCount: number;
};

const assetCount =
  sql<number>`(select count(*) from ${privateListAssets} where ${privateListAssets.listId} = ${privateLists.id})`
    .mapWith(Number)
    .as('asset_count');

function selectLists(db: DbOrTx) {
  return db
    .select({ list: privateLists, ownerName: users.name, assetCount })
    .from(privateLists)
    .innerJoin(users, eq(users.id, privateLists.ownerId));
}

export async function query(
  db: DbOrTx,
  filter: { ownerId?: string; name?: string },
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: PrivateListRow[]; count: number }> {
  const where = and(
    filter.ownerId ? eq(privateLists.ownerId, filter.ownerId) : undefined,
    filter.name?.trim() ? ilike(privateLists.name, likePattern(filter.name.trim())) : undefined,
  );
  const rows = await selectLists(db)
    .where(where)
    .orderBy(desc(privateLists.createdAt), desc(privateLists.id))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  const [total] = await db.select({ n: count() }).from(privateLists).where(where);
  return { rows, count: total?.n ?? 0 };
}

export async function get(db: DbOrTx, id: string): Promise<PrivateListRow | undefined> {
  const [row] = await selectLists(db).where(eq(privateLists.id, id));
  return row;
}

/** Locks the list so two additions cannot both pass the 100 limit. */
export async function lock(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: privateLists.id })
    .from(privateLists)
    .where(eq(privateLists.id, id))
    .for('update');
  return row?.id;
}

export async function insert(db: DbOrTx, values: typeof privateLists.$inferInsert) {
  await db.insert(privateLists).values(values);
}

export async function update(db: DbOrTx, id: string, values: { name?: string; comment?: string | null }) {
  await db
    .update(privateLists)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(privateLists.id, id));
}

export async function remove(db: DbOrTx, id: string) {
  await db.delete(privateLists).where(eq(privateLists.id, id));
}

/** Numbers of every asset on the list, whatever the scope (the audit and the limit count them all). */
export async function assetNosOf(db: DbOrTx, listId: string): Promise<{ id: string; no: string; partnerId: string }[]> {
  return db
    .select({ id: assets.id, no: assets.no, partnerId: assets.partnerId })
    .from(privateListAssets)
    .innerJoin(assets, eq(assets.id, privateListAssets.assetId))
    .where(eq(privateListAssets.listId, listId));
}

export async function addAssets(db: DbOrTx, listId: string, assetIds: readonly string[]) {
  if (assetIds.length === 0) return;
  await db
    .insert(privateListAssets)
    .values(assetIds.map((assetId) => ({ listId, assetId })))
    .onConflictDoNothing();
}

export async function removeAssets(db: DbOrTx, listId: string, assetIds: readonly string[]) {
  if (assetIds.length === 0) return;
  await db
    .delete(privateListAssets)
    .where(and(eq(privateListAssets.listId, listId), inArray(privateListAssets.assetId, [...assetIds])));
}

export async function touch(db: DbOrTx, id: string) {
  await db.update(privateLists).set({ updatedAt: new Date() }).where(eq(privateLists.id, id));
}

/** The list's assets of in-scope partners, most recently added first. */
export async function assetsOf(db: DbOrTx, listId: string, scope: Scope, page: { pageNo: number; pageSize: number }) {
  const where = and(eq(privateListAssets.listId, listId), inScope(scope, assets.partnerId));
  const rows = await db
    .select({
      no: assets.no,
      partnerId: assets.partnerId,
      partnerName: partners.name,
      categoryId: assetCategories.id,
      categoryName: assetCategories.name,
      siteId: sites.id,
      siteName: sites.name,
      lifeCycleState: assets.lifeCycleState,
      addedAt: privateListAssets.addedAt,
    })
    .from(privateListAssets)
    .innerJoin(assets, eq(assets.id, privateListAssets.assetId))
    .innerJoin(partners, eq(partners.id, assets.partnerId))
    .innerJoin(assetCategories, eq(assetCategories.id, assets.categoryId))
    .leftJoin(sites, eq(sites.id, assets.siteId))
    .where(where)
    .orderBy(desc(privateListAssets.addedAt), assets.no)
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(privateListAssets)
    .innerJoin(assets, eq(assets.id, privateListAssets.assetId))
    .where(where);
  return { rows, count: total?.n ?? 0 };
}

/** Staff (not deleted) whose name or username contains the text, by name. */
export async function searchUsers(db: DbOrTx, text: string, limit: number) {
  const pattern = likePattern(text);
  return db
    .select({ id: users.id, name: users.name, username: users.username })
    .from(users)
    .where(and(isNull(users.deletedAt), or(ilike(users.name, pattern), ilike(users.username, pattern))))
    .orderBy(users.name, users.id)
    .limit(limit);
}
