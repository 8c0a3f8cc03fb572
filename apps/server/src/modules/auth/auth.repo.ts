import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rateLimits, sessions, users, verificationCodes } from '../../db/schema/index.ts';
import { rows } from '../../lib/rows.ts';

/** Everything a request needs about its caller, read in one round trip. */
export interface SessionRow {
  session_id: string;
  session_last_used_at: Date;
  user_id: string;
  username: string;
  name: string;
  email: string | null;
  phone_no: string | null;
  all_partners: boolean;
  legacy_partner_scope: number[] | null;
  last_active_time: Date | null;
  created_at: Date;
  updated_at: Date;
  permissions: string[];
  roles: { id: string; title: string }[];
  partner_ids: string[];
}

/**
 * Looks a live session up by token hash. Roles, permissions and partner scope are joined fresh on every
 * call, so a change to them applies on the caller's very next request.
 */
export async function findLiveSession(db: DbOrTx, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await rows<SessionRow>(
    db,
    sql`select s.id as session_id, s.last_used_at as session_last_used_at,
          u.id as user_id, u.username, u.name, u.email, u.phone_no, u.all_partners, u.legacy_partner_scope,
          u.last_active_time, u.created_at, u.updated_at,
          coalesce((select json_agg(distinct p) from user_roles ur join roles r on r.id = ur.role_id
                     cross join lateral unnest(r.permissions) p where ur.user_id = u.id), '[]'::json) as permissions,
          coalesce((select json_agg(json_build_object('id', r.id, 'title', r.title) order by r.title)
                     from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]'::json) as roles,
          coalesce((select json_agg(up.partner_id) from user_partners up where up.user_id = u.id), '[]'::json) as partner_ids
        from sessions s join users u on u.id = s.user_id
        where s.token_hash = ${tokenHash} and s.revoked_at is null and s.expires_at > now()
          and s.last_used_at > now() - make_interval(secs => s.idle_seconds) and u.deleted_at is null`,
  );
  return row;
}

/** Marks a session used; callers throttle this so a busy client writes at most once a minute. */
export async function touchSession(db: DbOrTx, sessionId: string, userId: string) {
  await db.update(sessions).set({ lastUsedAt: sql`now()` }).where(eq(sessions.id, sessionId));
  await db.update(users).set({ lastActiveTime: sql`now()` }).where(eq(users.id, userId));
}

export async function insertSession(
  db: DbOrTx,
  s: { tokenHash: string; userId: string; idleSeconds: number; expiresAt: Date },
) {
  await db.insert(sessions).values({ id: randomUUID(), ...s });
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function revokeUserSessions(db: DbOrTx, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function findLoginUserByEmail(db: DbOrTx, email: string) {
  const [u] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .limit(1);
  return u;
}

export async function findLoginUserByPhone(db: DbOrTx, phoneNo: string) {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNo, phoneNo), isNull(users.deletedAt)))
    .limit(1);
  return u;
}

export async function latestCode(db: DbOrTx, phoneNo: string) {
  const [c] = await db
    .select()
    .from(verificationCodes)
    .where(eq(verificationCodes.phoneNo, phoneNo))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return c;
}

export async function insertCode(db: DbOrTx, c: { phoneNo: string; codeHash: string; expiresAt: Date }) {
  await db.insert(verificationCodes).values({ id: randomUUID(), ...c });
}

export async function recordCodeAttempt(db: DbOrTx, id: string, consumed: boolean) {
  await db
    .update(verificationCodes)
    .set(consumed ? { consumedAt: sql`now()` } : { attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, id));
}

/** The count in the current fixed window, without adding to it. */
export async function peekRate(db: DbOrTx, key: string, windowSeconds: number): Promise<number> {
  const [r] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.windowStart, sql`now() - make_interval(secs => ${windowSeconds})`)));
  return r?.count ?? 0;
}

/** Adds one to a fixed-window counter (a new window starts when the old one has passed). */
export async function hitRate(db: DbOrTx, key: string, windowSeconds: number) {
  await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end`);
}

export async function clearRate(db: DbOrTx, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
