import type { SubscriptionPackageQuery } from '@fleetdesk/contracts';
import { and, asc, count, eq, ilike, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assetCategories, partners, subscriptionPackages, subscriptionPlans } from '../../db/schema/index.ts';
import { inScope, orderBy } from '../../db/sql.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import { assertPartnerInScope, type Scope } from '../../lib/scope.ts';

export type PackageValues = Omit<typeof subscriptionPackages.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type PlanValues = Omit<typeof subscriptionPlans.$inferInsert, 'id' | 'packageId' | 'createdAt' | 'updatedAt'>;
export type PlanRow = typeof subscriptionPlans.$inferSelect & { orderCount: number };

/** A package as every read returns it: its row, its partner's and category's names, its plans and order counts. */
export interface PackageRow {
  pkg: typeof subscriptionPackages.$inferSelect;
  partnerName: string;
  categoryName: string;
  orderCount: number;
  plans: PlanRow[];
}

// drizzle writes a column without its table in a one-table select, where it would bind to the subquery's own
// table: the correlated counts below name every column with an alias of their own.

/** Orders of the package, whatever their state: each holds the package (and a plan of it) by foreign key. */
const packageOrders = sql<number>`(
  select count(*)::int from subscription_orders o where o.package_id = "subscription_packages"."id"
)`;

/** Orders on the plan, changing to it, or with a period of it: what removing the plan would break. */
const planOrders = sql<number>`(
  select count(*)::int from subscription_orders o
  where o.plan_id = "subscription_plans"."id"
     or o.next_plan_id = "subscription_plans"."id"
     or exists (select 1 from subscription_periods sp where sp.order_id = o.id and sp.plan_id = "subscription_plans"."id")
)`;

function selectPackages(db: DbOrTx) {
  return db
    .select({
      pkg: subscriptionPackages,
      partnerName: partners.name,
      categoryName: assetCategories.name,
      orderCount: packageOrders,
    })
    .from(subscriptionPackages)
    .innerJoin(partners, eq(partners.id, subscriptionPackages.partnerId))
    .innerJoin(assetCategories, eq(assetCategories.id, subscriptionPackages.categoryId));
}

type Found = Omit<PackageRow, 'plans'>;

/** The plans of packages already read within the scope, each package's in position order. */
async function withPlans(db: DbOrTx, found: Found[]): Promise<PackageRow[]> {
  if (found.length === 0) return [];
  const plans = await db
    .select({ plan: subscriptionPlans, orderCount: planOrders })
    .from(subscriptionPlans)
    .where(
      inArray(
        subscriptionPlans.packageId,
        found.map((r) => r.pkg.id),
      ),
    )
    .orderBy(asc(subscriptionPlans.position), asc(subscriptionPlans.id));
  const byPackage = new Map<string, PlanRow[]>();
  for (const { plan, orderCount } of plans) {
    const list = byPackage.get(plan.packageId) ?? [];
    list.push({ ...plan, orderCount: Number(orderCount) });
    byPackage.set(plan.packageId, list);
  }
  return found.map((r) => ({ ...r, orderCount: Number(r.orderCount), plans: byPackage.get(r.pkg.id) ?? [] }));
}

/** Packages of in-scope partners matching the filters: one page and the total. */
export async function list(
  db: DbOrTx,
  scope: Scope,
  q: SubscriptionPackageQuery,
): Promise<{ rows: PackageRow[]; count: number }> {
  const where = and(
    inScope(scope, subscriptionPackages.partnerId),
    q.partnerIdIn?.length ? inArray(subscriptionPackages.partnerId, q.partnerIdIn) : undefined,
    q.categoryIdIn?.length ? inArray(subscriptionPackages.categoryId, q.categoryIdIn) : undefined,
    q.name?.trim() ? ilike(subscriptionPackages.name, likePattern(q.name.trim())) : undefined,
  );
  const { createdAt, updatedAt, name, id } = subscriptionPackages;
  const [page, [total]] = await Promise.all([
    selectPackages(db)
      .where(where)
      .orderBy(...orderBy(q.sort, { createdAt, updatedAt, name: sql`lower(${name})` }, id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(subscriptionPackages).where(where),
  ]);
  return { rows: await withPlans(db, page), count: total?.n ?? 0 };
}

const own = (scope: Scope, id: string): SQL | undefined =>
  and(inScope(scope, subscriptionPackages.partnerId), eq(subscriptionPackages.id, id));

/**
 * One package with its plans if its partner is in scope: another partner's is as absent as a missing one. `lock`
 * takes the row for one change at a time (a plan removed while another edit adds one would be lost).
 */
export async function get(
  db: DbOrTx,
  scope: Scope,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<PackageRow | undefined> {
  const query = selectPackages(db).where(own(scope, id));
  const found = opts.lock ? await query.for('update', { of: subscriptionPackages }) : await query;
  const [row] = await withPlans(db, found);
  return row;
}

/** Whether the partner exists and is in scope. */
export async function partnerExists(db: DbOrTx, scope: Scope, partnerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(inScope(scope, partners.id), eq(partners.id, partnerId)));
  return row !== undefined;
}

/** Whether another package of this partner has the name (case-insensitive, as the unique index compares). */
export async function nameTaken(db: DbOrTx, scope: Scope, partnerId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: subscriptionPackages.id })
    .from(subscriptionPackages)
    .where(
      and(
        inScope(scope, subscriptionPackages.partnerId),
        eq(subscriptionPackages.partnerId, partnerId),
        sql`lower(${subscriptionPackages.name}) = lower(${name})`,
        exceptId ? sql`${subscriptionPackages.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Inserts a package and its plans (in the order given); a partner outside the scope is refused (403). */
export async function insert(
  db: DbOrTx,
  scope: Scope,
  id: string,
  values: PackageValues,
  plans: { id: string; values: PlanValues }[],
) {
  assertPartnerInScope(scope, values.partnerId);
  await db.insert(subscriptionPackages).values({ id, ...values });
  await db.insert(subscriptionPlans).values(plans.map((p) => ({ id: p.id, packageId: id, ...p.values })));
}

/** Changes the package's own fields (its partner never changes) and marks it updated. */
export async function update(db: DbOrTx, scope: Scope, id: string, values: Omit<PackageValues, 'partnerId'>) {
  await db
    .update(subscriptionPackages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(own(scope, id));
}

/** The in-scope package `id`, as a condition on a plan: plans are reached only through their package. */
const ownPlanOf = (scope: Scope, id: string): SQL =>
  sql`${subscriptionPlans.packageId} in (select ${subscriptionPackages.id} from ${subscriptionPackages} where ${own(scope, id)})`;

/**
 * Makes the package's plans exactly these, in this order: plans with an id kept are updated, the others removed,
 * those without one inserted. The service has refused removing a plan in use; the foreign keys still guard it.
 */
export async function replacePlans(
  db: DbOrTx,
  scope: Scope,
  id: string,
  plans: { id: string; values: PlanValues; isNew: boolean }[],
) {
  const kept = plans.filter((p) => !p.isNew).map((p) => p.id);
  await db
    .delete(subscriptionPlans)
    .where(and(ownPlanOf(scope, id), kept.length ? notInArray(subscriptionPlans.id, kept) : undefined));
  for (const plan of plans.filter((p) => !p.isNew)) {
    await db
      .update(subscriptionPlans)
      .set({ ...plan.values, updatedAt: sql`now()` })
      .where(and(ownPlanOf(scope, id), eq(subscriptionPlans.id, plan.id)));
  }
  const added = plans.filter((p) => p.isNew);
  if (added.length === 0) return;
  const [inScopePackage] = await db
    .select({ id: subscriptionPackages.id })
    .from(subscriptionPackages)
    .where(own(scope, id));
  if (!inScopePackage) return;
  await db.insert(subscriptionPlans).values(added.map((p) => ({ id: p.id, packageId: id, ...p.values })));
}

/** Deletes the package (its plans go with it); false when it is not there or not in scope. */
export async function remove(db: DbOrTx, scope: Scope, id: string): Promise<boolean> {
  const removed = await db
    .delete(subscriptionPackages)
    .where(own(scope, id))
    .returning({ id: subscriptionPackages.id });
  return removed.length > 0;
}
