import type { RelocationListStatus, RelocationSortKey } from '@fleetdesk/contracts';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  assetCategories,
  assets,
  partners,
  relocationListAssets,
  relocationLists,
  sites,
  users,
} from '../../db/schema/index.ts';
import { inScope, inScopeSql, uuidList } from '../../db/sql.ts';
import { offsetOf } from '../../lib/paging.ts';
import { assertPartnerInScope, type Scope } from '../../lib/scope.ts';

const fromSite = alias(sites, 'from_site');
const toSite = alias(sites, 'to_site');
const staff = alias(users, 'staff');
const launchStaff = alias(users, 'launch_staff');

/** A list with the names of what it points at, as every read returns it. */
export type RelocationListRow = {
  list: typeof relocationLists.$inferSelect;
  partnerName: string;
  fromSiteName: string;
  toSiteName: string | null;
  staffName: string | null;
  launchStaffName: string | null;
};

function selectLists(db: DbOrTx) {
  return db
    .select({
      list: relocationLists,
      partnerName: partners.name,
      fromSiteName: fromSite.name,
      toSiteName: toSite.name,
      staffName: staff.name,
      launchStaffName: launchStaff.name,
    })
    .from(relocationLists)
    .innerJoin(partners, eq(partners.id, relocationLists.partnerId))
    .innerJoin(fromSite, eq(fromSite.id, relocationLists.fromSiteId))
    .leftJoin(toSite, eq(toSite.id, relocationLists.toSiteId))
    .leftJoin(staff, eq(staff.id, relocationLists.staffId))
    .leftJoin(launchStaff, eq(launchStaff.id, relocationLists.launchStaffId));
}

export interface RelocationListFilter {
  partnerId?: string;
  fromSiteId?: string;
  toSiteId?: string;
  status?: RelocationListStatus;
  checkoutFrom?: string;
  checkoutTo?: string;
}

const sortColumns = {
  checkoutAt: relocationLists.checkoutAt,
  checkinAt: relocationLists.checkinAt,
  assetCount: relocationLists.assetCount,
} as const;

/** The in-scope lists matching the filter, one page, with the total. */
export async function query(
  db: DbOrTx,
  scope: Scope,
  filter: RelocationListFilter,
  page: { pageNo: number; pageSize: number; sort: { key: RelocationSortKey; direction: 'asc' | 'desc' } },
): Promise<{ rows: RelocationListRow[]; count: number }> {
  const where = and(
    inScope(scope, relocationLists.partnerId),
    filter.partnerId ? eq(relocationLists.partnerId, filter.partnerId) : undefined,
    filter.fromSiteId ? eq(relocationLists.fromSiteId, filter.fromSiteId) : undefined,
    filter.toSiteId ? eq(relocationLists.toSiteId, filter.toSiteId) : undefined,
    filter.status === 'open' ? isNull(relocationLists.checkinAt) : undefined,
    filter.status === 'completed' ? isNotNull(relocationLists.checkinAt) : undefined,
    filter.checkoutFrom ? gte(relocationLists.checkoutAt, new Date(filter.checkoutFrom)) : undefined,
    filter.checkoutTo ? lte(relocationLists.checkoutAt, new Date(filter.checkoutTo)) : undefined,
  );
  const column = sortColumns[page.sort.key];
  // Open lists have no check-in yet: they sort after the completed ones whichever the direction.
  const primary = page.sort.direction === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  const [rows, [total]] = await Promise.all([
    selectLists(db)
      .where(where)
      .orderBy(primary, desc(relocationLists.checkoutAt), desc(relocationLists.id))
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(relocationLists).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

const oneList = (scope: Scope, id: string) =>
  and(eq(relocationLists.id, id), inScope(scope, relocationLists.partnerId));

/** One in-scope list by id; one of another partner is absent, as a missing one. */
export async function get(db: DbOrTx, scope: Scope, id: string): Promise<RelocationListRow | undefined> {
  const [row] = await selectLists(db).where(oneList(scope, id));
  return row;
}

/** Locks the in-scope list so two launches cannot both find it open; false when there is none. */
export async function lock(db: DbOrTx, scope: Scope, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: relocationLists.id })
    .from(relocationLists)
    .where(oneList(scope, id))
    .for('update');
  return row !== undefined;
}

/** A new list of an in-scope partner. */
export async function insert(db: DbOrTx, scope: Scope, values: typeof relocationLists.$inferInsert) {
  assertPartnerInScope(scope, values.partnerId);
  await db.insert(relocationLists).values(values);
}

/** Puts assets on an in-scope list; only assets of the list's partner go on it. */
export async function addAssets(db: DbOrTx, scope: Scope, listId: string, assetIds: readonly string[]) {
  if (assetIds.length === 0) return;
  await db.execute(sql`insert into relocation_list_assets (list_id, asset_id, asset_no)
    select l.id, a.id, a.no from relocation_lists l join assets a on a.partner_id = l.partner_id
    where l.id = ${listId}::uuid and a.id in (${uuidList(assetIds)})
      and ${inScopeSql(scope, sql`l.partner_id`) ?? sql`true`}`);
}

export async function markLaunched(
  db: DbOrTx,
  scope: Scope,
  id: string,
  values: { toSiteId: string; launchStaffId: string; checkinAt: Date },
) {
  await db
    .update(relocationLists)
    .set({ ...values, updatedAt: sql`now()` })
    .where(oneList(scope, id));
}

/** An in-scope list's assets as they are now, by number; deleted assets keep their number and nothing else. */
export async function assetsOf(db: DbOrTx, scope: Scope, listId: string) {
  return db
    .select({
      no: relocationListAssets.assetNo,
      assetId: assets.id,
      categoryId: assetCategories.id,
      categoryName: assetCategories.name,
      siteId: sites.id,
      siteName: sites.name,
      lifeCycleState: assets.lifeCycleState,
      turnoverState: assets.turnoverState,
    })
    .from(relocationListAssets)
    .innerJoin(relocationLists, eq(relocationLists.id, relocationListAssets.listId))
    .leftJoin(assets, eq(assets.id, relocationListAssets.assetId))
    .leftJoin(assetCategories, eq(assetCategories.id, assets.categoryId))
    .leftJoin(sites, eq(sites.id, assets.siteId))
    .where(oneList(scope, listId))
    .orderBy(asc(relocationListAssets.assetNo));
}

/** The asset fields a relocation reads and changes. */
export type MovableAsset = {
  id: string;
  no: string;
  partnerId: string;
  siteId: string | null;
  lifeCycleState: string;
  turnoverState: string;
};

const movableColumns = {
  id: assets.id,
  no: assets.no,
  partnerId: assets.partnerId,
  siteId: assets.siteId,
  lifeCycleState: assets.lifeCycleState,
  turnoverState: assets.turnoverState,
};

/**
 * Locks the in-scope assets with these numbers and returns them. Rows are locked in id order so two
 * relocations of overlapping assets wait for each other instead of deadlocking; the second then sees the
 * first one's result.
 */
export async function lockAssetsByNos(db: DbOrTx, scope: Scope, nos: readonly string[]): Promise<MovableAsset[]> {
  if (nos.length === 0) return [];
  return db
    .select(movableColumns)
    .from(assets)
    .where(and(inArray(assets.no, [...nos]), inScope(scope, assets.partnerId)))
    .orderBy(asc(assets.id))
    .for('update');
}

/** Locks the in-scope assets of an in-scope list that still exist, in id order. */
export async function lockAssetsOfList(db: DbOrTx, scope: Scope, listId: string): Promise<MovableAsset[]> {
  return db
    .select(movableColumns)
    .from(assets)
    .where(
      and(
        inScope(scope, assets.partnerId),
        inArray(
          assets.id,
          db
            .select({ id: relocationListAssets.assetId })
            .from(relocationListAssets)
            .innerJoin(relocationLists, eq(relocationLists.id, relocationListAssets.listId))
            .where(and(oneList(scope, listId), isNotNull(relocationListAssets.assetId))),
        ),
      ),
    )
    .orderBy(asc(assets.id))
    .for('update');
}

/**
 * Ids of in-scope assets (of these) that are on a list not launched yet, whichever partner's list that is:
 * an asset that changed partner while on an open list is still being relocated.
 */
export async function onOpenLists(db: DbOrTx, scope: Scope, assetIds: readonly string[]): Promise<Set<string>> {
  if (assetIds.length === 0) return new Set();
  const found = await db
    .select({ assetId: relocationListAssets.assetId })
    .from(relocationListAssets)
    .innerJoin(relocationLists, eq(relocationLists.id, relocationListAssets.listId))
    .innerJoin(assets, eq(assets.id, relocationListAssets.assetId))
    .where(
      and(
        inArray(relocationListAssets.assetId, [...assetIds]),
        inScope(scope, assets.partnerId),
        isNull(relocationLists.checkinAt),
      ),
    );
  return new Set(found.flatMap((r) => (r.assetId ? [r.assetId] : [])));
}

/** Places in-scope assets (of these) at a site, or on the way (siteId null). */
export async function moveAssets(
  db: DbOrTx,
  scope: Scope,
  assetIds: readonly string[],
  values: { siteId: string | null; turnoverState: string },
) {
  if (assetIds.length === 0) return;
  await db
    .update(assets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(inArray(assets.id, [...assetIds]), inScope(scope, assets.partnerId)));
}

/** One site of an in-scope partner; one of another partner is absent, as an unknown one. */
export async function getSite(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await db
    .select({ id: sites.id, name: sites.name, partnerId: sites.partnerId, isArchived: sites.isArchived })
    .from(sites)
    .where(and(eq(sites.id, id), inScope(scope, sites.partnerId)));
  return row;
}

/** Every site of in-scope partners (archived included), by name. */
export async function sitesInScope(db: DbOrTx, scope: Scope) {
  return db
    .select({ id: sites.id, name: sites.name, partnerId: sites.partnerId, isArchived: sites.isArchived })
    .from(sites)
    .where(inScope(scope, sites.partnerId))
    .orderBy(asc(sites.name), asc(sites.id));
}
