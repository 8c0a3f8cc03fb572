import { ADMIN_PERMISSION, type UserListQuery } from '@fleetdesk/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { userPartners, userRoles, users } from '../../db/schema/index.ts';
import { rows, uuidList, whereOf } from '../../db/sql.ts';
import type { Grants } from '../../lib/escalation.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import { isAll, type Scope } from '../../lib/scope.ts';

export interface UserRow {
  id: string;
  username: string;
  name: string;
  email: string | null;
  phone_no: string | null;
  all_partners: boolean;
  last_active_time: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  partners: { id: string; name: string }[];
  roles: { id: string; title: string }[];
  permissions: string[];
  app_permissions: string[];
}

/**
 * A partner user manages only staff whose whole scope lies inside their own: never account users, never
 * someone who also works for a partner the caller cannot see. Shared with the roles repo.
 */
export function staffVisibleTo(
  scope: Scope,
  u: { id: SQL | AnyPgColumn; allPartners: SQL | AnyPgColumn },
): SQL | undefined {
  if (isAll(scope)) return undefined;
  // An empty scope sees nobody (and `not in ()` is not valid SQL).
  if (scope.length === 0) return sql`false`;
  const ids = uuidList(scope);
  return sql`(not ${u.allPartners}
    and exists (select 1 from user_partners up where up.user_id = ${u.id})
    and not exists (select 1 from user_partners up where up.user_id = ${u.id} and up.partner_id not in (${ids})))`;
}

const visibleTo = (scope: Scope) => staffVisibleTo(scope, { id: sql`u.id`, allPartners: sql`u.all_partners` });

const sortColumns = {
  createdAt: sql`u.created_at`,
  updatedAt: sql`u.updated_at`,
  name: sql`lower(u.name)`,
  username: sql`lower(u.username)`,
  lastActiveTime: sql`u.last_active_time`,
} as const;

const userColumns = sql`u.id, u.username, u.name, u.email, u.phone_no, u.all_partners, u.last_active_time,
    u.created_at, u.updated_at,
    coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.name)
      from user_partners up join partners p on p.id = up.partner_id where up.user_id = u.id), '[]'::json) as partners,
    coalesce((select json_agg(json_build_object('id', r.id, 'title', r.title) order by r.title)
      from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]'::json) as roles,
    coalesce((select json_agg(distinct p) from user_roles ur join roles r on r.id = ur.role_id
      cross join lateral unnest(r.permissions) p where ur.user_id = u.id), '[]'::json) as permissions,
    coalesce((select json_agg(distinct p) from user_roles ur join roles r on r.id = ur.role_id
      cross join lateral unnest(r.app_permissions) p where ur.user_id = u.id), '[]'::json) as app_permissions`;
const selectUsers = sql`select ${userColumns} from users u`;

export async function list(db: DbOrTx, scope: Scope, q: UserListQuery) {
  const term = q.search ? likePattern(q.search) : undefined;
  const where = whereOf([
    sql`u.deleted_at is null`,
    visibleTo(scope),
    term
      ? sql`(u.username ilike ${term} or u.name ilike ${term} or u.email ilike ${term} or u.phone_no ilike ${term})`
      : undefined,
    q.roleId
      ? sql`exists (select 1 from user_roles ur where ur.user_id = u.id and ur.role_id = ${q.roleId})`
      : undefined,
    q.partnerId
      ? sql`(u.all_partners or exists (select 1 from user_partners up where up.user_id = u.id and up.partner_id = ${q.partnerId}))`
      : undefined,
  ]);
  const direction = q.sort.direction === 'asc' ? sql`asc` : sql`desc`;
  const [page, [total]] = await Promise.all([
    rows<UserRow>(
      db,
      sql`${selectUsers}${where} order by ${sortColumns[q.sort.key]} ${direction} nulls last, u.id
          limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from users u${where}`),
  ]);
  return { rows: page, count: total?.n ?? 0 };
}

/** One live user the scope may manage; nothing for a user outside it, exactly as for a missing one. */
export async function get(db: DbOrTx, scope: Scope, id: string): Promise<UserRow | undefined> {
  const [row] = await rows<UserRow>(
    db,
    sql`${selectUsers}${whereOf([sql`u.id = ${id}`, sql`u.deleted_at is null`, visibleTo(scope)])}`,
  );
  return row;
}

export async function usernameTaken(db: DbOrTx, username: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row !== undefined;
}

/** Live users other than `exceptId` who already use this email or phone number. */
export async function contactTaken(db: DbOrTx, field: 'email' | 'phoneNo', value: string, exceptId?: string) {
  const column = field === 'email' ? sql`lower(${users.email}) = lower(${value})` : eq(users.phoneNo, value);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(column, isNull(users.deletedAt), exceptId ? sql`${users.id} <> ${exceptId}` : undefined))
    .limit(1);
  return row !== undefined;
}

export interface UserValues {
  name: string;
  email: string | null;
  phoneNo: string | null;
  allPartners: boolean;
}

export async function insert(
  db: DbOrTx,
  id: string,
  username: string,
  values: UserValues,
  passwordHash: string | null,
) {
  await db.insert(users).values({ id, username, passwordHash, ...values });
}

/** The users table row named `id` when the scope may manage it, as the condition of a write. */
const manageableBy = (scope: Scope, id: string) =>
  and(
    eq(users.id, id),
    isNull(users.deletedAt),
    // Spelled out: drizzle renders columns unqualified in an UPDATE, and staffVisibleTo's subqueries need the outer row.
    staffVisibleTo(scope, { id: sql`"users"."id"`, allPartners: sql`"users"."all_partners"` }),
  );

/** Changes a live user the scope may manage; false (nothing written) otherwise. */
export async function update(db: DbOrTx, scope: Scope, id: string, values: UserValues): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(manageableBy(scope, id))
    .returning({ id: users.id });
  return changed.length > 0;
}

/** Replaces the user's partners and roles, and refreshes the access columns derived from them. */
export async function setLinks(db: DbOrTx, id: string, partnerIds: readonly string[], roleIds: readonly string[]) {
  await db.delete(userPartners).where(eq(userPartners.userId, id));
  await db.delete(userRoles).where(eq(userRoles.userId, id));
  if (partnerIds.length)
    await db.insert(userPartners).values(partnerIds.map((partnerId) => ({ userId: id, partnerId })));
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: id, roleId })));
  await refreshAccess(db, sql`u.id = ${id}`);
}

/**
 * Recomputes users.permissions, role_refs and partner_ids from their sources for the matching users.
 * Every write to roles, user_roles or user_partners calls this in its transaction, which is what lets
 * the auth lookup read one row and still see a change on the very next request.
 */
export async function refreshAccess(db: DbOrTx, which: SQL) {
  await db.execute(sql`update users u set
      permissions = coalesce((select array_agg(distinct p order by p) from user_roles ur join roles r on r.id = ur.role_id
        cross join lateral unnest(r.permissions) p where ur.user_id = u.id), '{}'::text[]),
      app_permissions = coalesce((select array_agg(distinct p order by p) from user_roles ur join roles r on r.id = ur.role_id
        cross join lateral unnest(r.app_permissions) p where ur.user_id = u.id), '{}'::text[]),
      role_refs = coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'title', r.title) order by r.title)
        from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]'::jsonb),
      partner_ids = coalesce((select array_agg(up.partner_id order by up.partner_id) from user_partners up
        where up.user_id = u.id), '{}'::uuid[])
    where ${which}`);
}

/** Refreshes the holders of a role after its permissions or title changed. */
export const refreshRoleHolders = (db: DbOrTx, roleId: string) =>
  refreshAccess(db, sql`u.id in (select ur.user_id from user_roles ur where ur.role_id = ${roleId})`);

/** Refreshes specific users (e.g. the former holders of a deleted role). */
export const refreshUsers = (db: DbOrTx, ids: readonly string[]) =>
  ids.length ? refreshAccess(db, sql`u.id in (${uuidList(ids)})`) : Promise.resolve();

/** Marks a live user the scope may manage deleted; false (nothing written) otherwise. */
export async function softDelete(db: DbOrTx, scope: Scope, id: string): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(manageableBy(scope, id))
    .returning({ id: users.id });
  return changed.length > 0;
}

/** Sets the password of a live user the scope may manage; false (nothing written) otherwise. */
export async function setPassword(db: DbOrTx, scope: Scope, id: string, passwordHash: string): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(manageableBy(scope, id))
    .returning({ id: users.id });
  return changed.length > 0;
}

/** The web and app permissions the given roles grant together, what a user receiving them would hold. */
export async function grantsOfRoles(db: DbOrTx, roleIds: readonly string[]): Promise<Grants> {
  if (roleIds.length === 0) return { permissions: [], appPermissions: [] };
  const [row] = await rows<Grants>(
    db,
    sql`select
        coalesce((select array_agg(distinct p) from roles r cross join lateral unnest(r.permissions) p
          where r.id in (${uuidList(roleIds)})), '{}'::text[]) as "permissions",
        coalesce((select array_agg(distinct p) from roles r cross join lateral unnest(r.app_permissions) p
          where r.id in (${uuidList(roleIds)})), '{}'::text[]) as "appPermissions"`,
  );
  return row ?? { permissions: [], appPermissions: [] };
}

const isLiveAdmin = and(isNull(users.deletedAt), sql`${ADMIN_PERMISSION} = any(${users.permissions})`);

/**
 * Locks the live staff holding base:admin and counts them. Two changes that each take away a different
 * admin would both see one left if they only counted; with the rows locked the second waits for the first
 * and counts what it left.
 */
export async function lockAdmins(db: DbOrTx): Promise<number> {
  const locked = await db.select({ id: users.id }).from(users).where(isLiveAdmin).for('update');
  return locked.length;
}

/** How many live staff hold base:admin now (inside a transaction: after its own changes). */
export async function adminCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(isLiveAdmin);
  return row?.n ?? 0;
}
