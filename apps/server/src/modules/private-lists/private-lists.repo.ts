import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
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
import { inScope, inScopeSql, uuidList } from '../../db/sql.ts';
import { likePattern } from '../../lib/paging.ts';
import { isAll, type Scope } from '../../lib/scope.ts';
import { staffVisibleTo } from '../users/users.repo.ts';

export type PrivateListRow = {
  list: typeof privateLists.$inferSelect;
  ownerName: string;
  assetCount: number;
};

/**
 * Which lists a caller reaches for one action: their own (`own`, from private_list.me.<action>) and any
 * list whose assets all lie in the scope (`others`, from private_list.<action>). Every function here that
 * touches one list takes it with the scope, so a list out of reach is absent whichever function is called.
 */
export interface ListReach {
  userId: string;
  own: boolean;
  others: boolean;
}

// Named in full: inside the subqueries below a bare "id" would be the inner table's.
const listIdColumn = sql.raw('"private_lists"."id"');
const listOwnerColumn = sql.raw('"private_lists"."owner_id"');

/**
 * A list holding an asset of a partner outside the scope is shared with that partner: only a scope over
 * every partner it holds reaches it. An empty list holds no partner's asset, so only scope "*" reaches it.
 */
function allAssetsIn(scope: Scope): SQL {
  if (isAll(scope)) return sql`true`;
  const inside = inScopeSql(scope, sql`a.partner_id`) ?? sql`true`;
  return sql`(exists (select 1 from private_list_assets pla where pla.list_id = ${listIdColumn})
    and not exists (select 1 from private_list_assets pla join assets a on a.id = pla.asset_id
      where pla.list_id = ${listIdColumn} and not (${inside})))`;
}

/** Condition on a row of private_lists: the caller reaches it. */
function reachable(scope: Scope, reach: ListReach): SQL {
  const ways: SQL[] = [];
  if (reach.own) ways.push(sql`${listOwnerColumn} = ${reach.userId}::uuid`);
  if (reach.others) ways.push(allAssetsIn(scope));
  return ways.length ? sql`(${sql.join(ways, sql` or `)})` : sql`false`;
}

/** Condition for rows keyed by a list id (its assets): that list is reached. */
const listReached = (scope: Scope, reach: ListReach, listId: string) =>
  sql`exists (select 1 from private_lists where ${listIdColumn} = ${listId}::uuid and ${reachable(scope, reach)})`;

const oneList = (scope: Scope, reach: ListReach, id: string) =>
  sql`${listIdColumn} = ${id}::uuid and ${reachable(scope, reach)}`;

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

/** The lists the caller reaches, filtered by owner and name, newest first, one page and the total. */
export async function query(
  db: DbOrTx,
  scope: Scope,
  reach: ListReach,
  filter: { ownerId?: string | undefined; name?: string | undefined },
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: PrivateListRow[]; count: number }> {
  const where = and(
    reachable(scope, reach),
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

/** One list, if the caller reaches it. */
export async function get(db: DbOrTx, scope: Scope, reach: ListReach, id: string): Promise<PrivateListRow | undefined> {
  const [row] = await selectLists(db).where(oneList(scope, reach, id));
  return row;
}

/** Locks the list, if the caller reaches it, so two additions cannot both pass the 100 limit. */
export async function lock(db: DbOrTx, scope: Scope, reach: ListReach, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: privateLists.id })
    .from(privateLists)
    .where(oneList(scope, reach, id))
    .for('update');
  return row !== undefined;
}

/** A new list of the caller's own. */
export async function insert(db: DbOrTx, values: typeof privateLists.$inferInsert) {
  await db.insert(privateLists).values(values);
}

export async function update(
  db: DbOrTx,
  scope: Scope,
  reach: ListReach,
  id: string,
  values: { name?: string; comment?: string | null },
) {
  await db
    .update(privateLists)
    .set({ ...values, updatedAt: new Date() })
    .where(oneList(scope, reach, id));
}

export async function remove(db: DbOrTx, scope: Scope, reach: ListReach, id: string) {
  await db.delete(privateLists).where(oneList(scope, reach, id));
}

export async function touch(db: DbOrTx, scope: Scope, reach: ListReach, id: string) {
  await db
    .update(privateLists)
    .set({ updatedAt: new Date() })
    .where(oneList(scope, reach, id));
}

/**
 * Numbers of every asset on a reached list. The owner's own list may hold assets their scope no longer
 * covers; the audit and the 100 limit count those too.
 */
export async function assetNosOf(db: DbOrTx, scope: Scope, reach: ListReach, listId: string): Promise<string[]> {
  const rows = await db
    .select({ no: assets.no })
    .from(privateListAssets)
    .innerJoin(assets, eq(assets.id, privateListAssets.assetId))
    .where(and(eq(privateListAssets.listId, listId), listReached(scope, reach, listId)));
  return rows.map((r) => r.no);
}

/** Puts the in-scope assets among these ids on a reached list (those already on it stay as they are). */
export async function addAssets(
  db: DbOrTx,
  scope: Scope,
  reach: ListReach,
  listId: string,
  assetIds: readonly string[],
) {
  if (assetIds.length === 0) return;
  await db.execute(sql`insert into private_list_assets (list_id, asset_id)
    select ${listId}::uuid, a.id from assets a
    where a.id in (${uuidList(assetIds)}) and ${inScopeSql(scope, sql`a.partner_id`) ?? sql`true`}
      and ${listReached(scope, reach, listId)}
    on conflict do nothing`);
}

/** Takes the in-scope assets with these numbers off a reached list. */
export async function removeAssets(
  db: DbOrTx,
  scope: Scope,
  reach: ListReach,
  listId: string,
  nos: readonly string[],
): Promise<number> {
  if (nos.length === 0) return 0;
  const removed = await db
    .delete(privateListAssets)
    .where(
      and(
        eq(privateListAssets.listId, listId),
        listReached(scope, reach, listId),
        inArray(
          privateListAssets.assetId,
          db
            .select({ id: assets.id })
            .from(assets)
            .where(and(inArray(assets.no, [...nos]), inScope(scope, assets.partnerId))),
        ),
      ),
    )
    .returning({ assetId: privateListAssets.assetId });
  return removed.length;
}

/** The assets of a reached list that lie in the scope, most recently added first. */
export async function assetsOf(
  db: DbOrTx,
  scope: Scope,
  reach: ListReach,
  listId: string,
  page: { pageNo: number; pageSize: number },
) {
  const where = and(
    eq(privateListAssets.listId, listId),
    listReached(scope, reach, listId),
    inScope(scope, assets.partnerId),
  );
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

/** Staff the scope may see (the staff list's rule), not deleted, whose name or username contains the text. */
export async function searchUsers(db: DbOrTx, scope: Scope, text: string, limit: number) {
  const pattern = likePattern(text);
  return db
    .select({ id: users.id, name: users.name, username: users.username })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        staffVisibleTo(scope, { id: users.id, allPartners: users.allPartners }),
        or(ilike(users.name, pattern), ilike(users.username, pattern)),
      ),
    )
    .orderBy(users.name, users.id)
    .limit(limit);
}
