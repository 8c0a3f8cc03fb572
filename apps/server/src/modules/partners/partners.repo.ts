import type { PartnerListQuery } from '@fleetdesk/contracts';
import { and, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assets, partners, sites, subscriptionPackages, userPartners, users } from '../../db/schema/index.ts';
import { inScope, orderBy } from '../../db/sql.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import type { AllPartners, Scope } from '../../lib/scope.ts';

export type PartnerRow = typeof partners.$inferSelect;
export type PartnerValues = Omit<typeof partners.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Partners in scope matching the search, one page of them and the total. */
export async function list(db: DbOrTx, scope: Scope, q: PartnerListQuery) {
  const where = and(
    inScope(scope, partners.id),
    q.search
      ? or(
          ilike(partners.name, likePattern(q.search)),
          ilike(partners.email, likePattern(q.search)),
          ilike(partners.addressCity, likePattern(q.search)),
        )
      : undefined,
  );
  const [rowsPage, [total]] = await Promise.all([
    db
      .select()
      .from(partners)
      .where(where)
      .orderBy(
        ...orderBy(
          q.sort,
          { createdAt: partners.createdAt, updatedAt: partners.updatedAt, name: sql`lower(${partners.name})` },
          partners.id,
        ),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(partners).where(where),
  ]);
  return { rows: rowsPage, count: total?.n ?? 0 };
}

export async function listRefs(db: DbOrTx, scope: Scope) {
  return db
    .select({ id: partners.id, name: partners.name })
    .from(partners)
    .where(inScope(scope, partners.id))
    .orderBy(sql`lower(${partners.name})`);
}

/** One partner in scope; nothing for a partner outside it, exactly as for a missing one. */
export async function get(db: DbOrTx, scope: Scope, id: string): Promise<PartnerRow | undefined> {
  const [row] = await db
    .select()
    .from(partners)
    .where(and(eq(partners.id, id), inScope(scope, partners.id)));
  return row;
}

export async function existingIds(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: partners.id })
    .from(partners)
    .where(inArray(partners.id, [...ids]));
  return found.map((r) => r.id);
}

/** Creates a partner: only scope "*" may, since no narrower scope would see it afterwards. */
export async function insert(db: DbOrTx, _scope: AllPartners, id: string, values: PartnerValues) {
  const [row] = await db
    .insert(partners)
    .values({ id, ...values })
    .returning();
  return row!;
}

/** Changes a partner in scope; nothing (nothing written) for one outside it or absent. */
export async function update(db: DbOrTx, scope: Scope, id: string, values: PartnerValues) {
  const [row] = await db
    .update(partners)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(partners.id, id), inScope(scope, partners.id)))
    .returning();
  return row;
}

/**
 * Deletes a partner in scope (false, nothing written, otherwise); only deleted staff can still hold it in
 * scope by then, and they lose it.
 */
export async function remove(db: DbOrTx, scope: Scope, id: string): Promise<boolean> {
  await db.delete(userPartners).where(and(eq(userPartners.partnerId, id), inScope(scope, userPartners.partnerId)));
  const removed = await db
    .delete(partners)
    .where(and(eq(partners.id, id), inScope(scope, partners.id)))
    .returning({ id: partners.id });
  return removed.length > 0;
}

/** Everything that still points at a partner. Later domains (assets, orders) add their counts here. */
export async function references(db: DbOrTx, id: string) {
  const staff = await db
    .select({ id: users.id, name: users.name })
    .from(userPartners)
    .innerJoin(users, eq(users.id, userPartners.userId))
    .where(and(eq(userPartners.partnerId, id), isNull(users.deletedAt)))
    .orderBy(users.name);
  const partnerSites = await db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(eq(sites.partnerId, id))
    .orderBy(sites.name);
  // Assets are counted, not listed: a partner may own thousands.
  const [owned] = await db.select({ n: count() }).from(assets).where(eq(assets.partnerId, id));
  const [packages] = await db
    .select({ n: count() })
    .from(subscriptionPackages)
    .where(eq(subscriptionPackages.partnerId, id));
  return { users: staff, sites: partnerSites, assets: owned?.n ?? 0, subscriptionPackages: packages?.n ?? 0 };
}
