import type { SiteQuery, SiteReferences } from '@fleetdesk/contracts';
import { and, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assets, partners, relocationLists, sites, taxGroups } from '../../db/schema/index.ts';
import { inScope, orderBy } from '../../db/sql.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import { assertPartnerInScope, type Scope } from '../../lib/scope.ts';

export type SiteValues = Omit<typeof sites.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** A site with the names of its partner and tax group, as every read returns it. */
const withNames = {
  site: sites,
  partnerName: partners.name,
  taxGroupName: taxGroups.name,
};
export type SiteRow = {
  site: typeof sites.$inferSelect;
  partnerName: string;
  taxGroupName: string | null;
};

function selectSites(db: DbOrTx) {
  return db
    .select(withNames)
    .from(sites)
    .innerJoin(partners, eq(partners.id, sites.partnerId))
    .leftJoin(taxGroups, eq(taxGroups.id, sites.taxGroupId));
}

/** Sites of in-scope partners matching the filters, one page of them and the total. */
export async function list(db: DbOrTx, scope: Scope, q: SiteQuery): Promise<{ rows: SiteRow[]; count: number }> {
  const where = and(
    inScope(scope, sites.partnerId),
    q.partnerIdIn?.length ? inArray(sites.partnerId, q.partnerIdIn) : undefined,
    q.typeIn?.length ? inArray(sites.type, q.typeIn) : undefined,
    q.name ? ilike(sites.name, likePattern(q.name)) : undefined,
    q.city ? ilike(sites.city, likePattern(q.city)) : undefined,
    q.isArchived === null ? undefined : eq(sites.isArchived, q.isArchived),
  );
  const [page, [total]] = await Promise.all([
    selectSites(db)
      .where(where)
      .orderBy(
        ...orderBy(
          q.sort,
          {
            createdAt: sites.createdAt,
            updatedAt: sites.updatedAt,
            name: sql`lower(${sites.name})`,
            isArchived: sites.isArchived,
          },
          sites.id,
        ),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(sites).where(where),
  ]);
  return { rows: page, count: total?.n ?? 0 };
}

/** Non-archived sites of in-scope partners as reference data. */
export async function listRefs(db: DbOrTx, scope: Scope) {
  return db
    .select({ id: sites.id, name: sites.name, partnerId: sites.partnerId, type: sites.type })
    .from(sites)
    .where(and(inScope(scope, sites.partnerId), eq(sites.isArchived, false)))
    .orderBy(sql`lower(${sites.name})`, sites.id);
}

/** One site by id if its partner is in scope: another partner's site is as absent as a missing one. */
export async function get(db: DbOrTx, scope: Scope, id: string): Promise<SiteRow | undefined> {
  const [row] = await selectSites(db).where(and(inScope(scope, sites.partnerId), eq(sites.id, id)));
  return row;
}

/** Several in-scope sites by id, in the order asked (a batch create answers its rows in the order sent). */
export async function getMany(db: DbOrTx, scope: Scope, ids: readonly string[]): Promise<SiteRow[]> {
  if (ids.length === 0) return [];
  const found = await selectSites(db).where(and(inScope(scope, sites.partnerId), inArray(sites.id, [...ids])));
  const byId = new Map(found.map((r) => [r.site.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Which of these tax group ids exist (tax groups belong to the account, not to a partner). */
export async function existingTaxGroupIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await db
    .select({ id: taxGroups.id })
    .from(taxGroups)
    .where(inArray(taxGroups.id, [...ids]));
  return new Set(found.map((r) => r.id));
}

/** Which of these partner ids exist and are in scope. */
export async function existingPartnerIds(db: DbOrTx, scope: Scope, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(inScope(scope, partners.id), inArray(partners.id, [...ids])));
  return new Set(found.map((r) => r.id));
}

/** Inserts sites; a row of a partner outside the scope refuses the whole insert (403 PartnerOutOfScope). */
export async function insert(db: DbOrTx, scope: Scope, rows: { id: string; values: SiteValues }[]) {
  if (rows.length === 0) return;
  for (const row of rows) assertPartnerInScope(scope, row.values.partnerId);
  await db.insert(sites).values(rows.map((r) => ({ id: r.id, ...r.values })));
}

/** Changes an in-scope site; moving it to another partner needs that partner in scope too. */
export async function update(db: DbOrTx, scope: Scope, id: string, values: Partial<SiteValues>) {
  if (values.partnerId !== undefined) assertPartnerInScope(scope, values.partnerId);
  await db
    .update(sites)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(inScope(scope, sites.partnerId), eq(sites.id, id)));
}

export async function remove(db: DbOrTx, scope: Scope, id: string) {
  await db.delete(sites).where(and(inScope(scope, sites.partnerId), eq(sites.id, id)));
}

/**
 * How many assets and orders still point at a site, whatever their partner: the count guards the delete, so it
 * takes no scope (the site itself was read in scope). Later domains (orders) add their counts here.
 */
export async function references(db: DbOrTx, id: string): Promise<SiteReferences> {
  const [atSite] = await db.select({ n: count() }).from(assets).where(eq(assets.siteId, id));
  // Relocation lists keep their sites as history: a site they name stays (archived) rather than deleted.
  const [lists] = await db
    .select({ n: count() })
    .from(relocationLists)
    .where(or(eq(relocationLists.fromSiteId, id), eq(relocationLists.toSiteId, id)));
  return { assets: atSite?.n ?? 0, orders: 0, relocationLists: lists?.n ?? 0 };
}
