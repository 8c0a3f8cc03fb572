import { and, count, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { roles, userRoles, users } from '../../db/schema/index.ts';
import { orderBy } from '../../db/sql.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import type { Scope } from '../../lib/scope.ts';
import { staffVisibleTo } from '../users/users.repo.ts';

export type RoleRow = typeof roles.$inferSelect & { userCount: number; holdersOutsideScope: number };
export type RoleValues = { title: string; permissions: string[]; appPermissions: string[] };

// Spelled out as "roles"."id": drizzle renders ${roles.id} unqualified in a single-table select, and inside
// this subquery a bare "id" binds to u.id, which made every count 0.
const liveHolders = sql`from ${userRoles} ur join ${users} u on u.id = ur.user_id
  where ur.role_id = "roles"."id" and u.deleted_at is null`;

/** A holder the scope does not cover: one the caller could not manage as staff (users.repo staffVisibleTo). */
const outsideScope = (scope: Scope): SQL => {
  const visible = staffVisibleTo(scope, { id: sql`u.id`, allPartners: sql`u.all_partners` });
  return visible ? sql`not ${visible}` : sql`false`;
};

const columnsFor = (scope: Scope) => ({
  id: roles.id,
  title: roles.title,
  permissions: roles.permissions,
  appPermissions: roles.appPermissions,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
  userCount: sql<number>`(select count(*)::int ${liveHolders})`,
  holdersOutsideScope: sql<number>`(select count(*)::int ${liveHolders} and ${outsideScope(scope)})`,
});

/**
 * A role reaches every one of its holders, so only a scope covering all of them may change it: the
 * condition update and remove add to their own WHERE, so a narrower caller changes nothing.
 */
const coveredBy = (scope: Scope): SQL => sql`not exists (select 1 ${liveHolders} and ${outsideScope(scope)})`;

/** Roles matching the search, one page and the total; each tells how many holders lie outside the scope. */
export async function list(
  db: DbOrTx,
  scope: Scope,
  q: {
    pageNo: number;
    pageSize: number;
    search?: string;
    sort: { key: 'createdAt' | 'updatedAt' | 'title'; direction: 'asc' | 'desc' };
  },
) {
  const where = q.search ? ilike(roles.title, likePattern(q.search)) : undefined;
  const [page, [total]] = await Promise.all([
    db
      .select(columnsFor(scope))
      .from(roles)
      .where(where)
      .orderBy(
        ...orderBy(
          q.sort,
          { createdAt: roles.createdAt, updatedAt: roles.updatedAt, title: sql`lower(${roles.title})` },
          roles.id,
        ),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(roles).where(where),
  ]);
  return { rows: page as RoleRow[], count: total?.n ?? 0 };
}

/** One role, readable by every caller (roles belong to the account), with its holders outside the scope counted. */
export async function get(db: DbOrTx, scope: Scope, id: string): Promise<RoleRow | undefined> {
  const [row] = await db.select(columnsFor(scope)).from(roles).where(eq(roles.id, id));
  return row as RoleRow | undefined;
}

export async function existingIds(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`${roles.id} in ${[...ids]}`);
  return found.map((r) => r.id);
}

export async function insert(db: DbOrTx, id: string, values: RoleValues) {
  await db.insert(roles).values({ id, ...values });
}

/** Replaces a role whose every holder the scope covers; false (nothing written) otherwise or when absent. */
export async function update(db: DbOrTx, scope: Scope, id: string, values: RoleValues): Promise<boolean> {
  const changed = await db
    .update(roles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(roles.id, id), coveredBy(scope)))
    .returning({ id: roles.id });
  return changed.length > 0;
}

/** Deletes a role whose every holder the scope covers; false (nothing written) otherwise or when absent. */
export async function remove(db: DbOrTx, scope: Scope, id: string): Promise<boolean> {
  const removed = await db
    .delete(roles)
    .where(and(eq(roles.id, id), coveredBy(scope)))
    .returning({ id: roles.id });
  return removed.length > 0;
}

/** Staff (not deleted, inside the scope) holding the role, shown before it is edited or deleted; "*" for all. */
export async function usersOf(db: DbOrTx, scope: Scope, id: string) {
  return db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(
        eq(userRoles.roleId, id),
        isNull(users.deletedAt),
        staffVisibleTo(scope, { id: users.id, allPartners: users.allPartners }),
      ),
    )
    .orderBy(users.name);
}
