import { and, count, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { roles, userRoles, users } from '../../db/schema/index.ts';
import { likePattern, offsetOf, orderBy } from '../../lib/paging.ts';
import type { Scope } from '../../lib/scope.ts';
import { staffVisibleTo } from '../users/users.repo.ts';

export type RoleRow = typeof roles.$inferSelect & { userCount: number };
export type RoleValues = { title: string; permissions: string[]; appPermissions: string[] };

// Spelled out as "roles"."id": drizzle renders ${roles.id} unqualified in a single-table select, and inside
// this subquery a bare "id" binds to u.id, which made every count 0.
const liveUsers = sql<number>`(select count(*)::int from ${userRoles} ur join ${users} u on u.id = ur.user_id
  where ur.role_id = "roles"."id" and u.deleted_at is null)`;

const columns = {
  id: roles.id,
  title: roles.title,
  permissions: roles.permissions,
  appPermissions: roles.appPermissions,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
  userCount: liveUsers,
};

export async function list(
  db: DbOrTx,
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
      .select(columns)
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

export async function get(db: DbOrTx, id: string): Promise<RoleRow | undefined> {
  const [row] = await db.select(columns).from(roles).where(eq(roles.id, id));
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

export async function update(db: DbOrTx, id: string, values: RoleValues) {
  await db
    .update(roles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(roles.id, id));
}

export async function remove(db: DbOrTx, id: string) {
  await db.delete(roles).where(eq(roles.id, id));
}

/** Staff (not deleted, inside the scope) holding the role, shown before it is edited or deleted. */
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
