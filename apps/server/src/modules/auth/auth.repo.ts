import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rateLimits, sessions, users, verificationCodes } from '../../db/schema/index.ts';
import { preparedPerDb } from '../../lib/prepared.ts';

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
  app_permissions: string[];
  roles: { id: string; title: string }[];
  partner_ids: string[];
  account: AccountJson | null;
}

export interface AccountJson {
  name: string;
  logoImgUrl: string | null;
  timezone: string;
  isRegistryEnabled: boolean;
  currency: string | null;
}

/**
 * Looks a live session up by token hash: one indexed read of the session and its user, whose access
 * columns (permissions, roles, partner scope) are kept current by users.repo refreshAccess(), so a
 * change to them applies on the caller's very next request.
 */
export async function findLiveSession(db: DbOrTx, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await liveSessionStatement(db).execute({ tokenHash });
  return row;
}

/** Every request runs this; see lib/prepared.ts for why it is prepared. */
const liveSessionStatement = preparedPerDb(prepareLiveSession);

function prepareLiveSession(db: DbOrTx) {
  return db
    .select({
      session_id: sessions.id,
      session_last_used_at: sessions.lastUsedAt,
      user_id: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      phone_no: users.phoneNo,
      all_partners: users.allPartners,
      legacy_partner_scope: users.legacyPartnerScope,
      last_active_time: users.lastActiveTime,
      created_at: users.createdAt,
      updated_at: users.updatedAt,
      permissions: users.permissions,
      app_permissions: users.appPermissions,
      roles: users.roleRefs,
      partner_ids: users.partnerIds,
      // One account per installation; carried along so the profile needs no second round trip.
      account: sql<AccountJson>`(select json_build_object('name', a.name, 'logoImgUrl', a.logo_img_url, 'timezone', a.timezone,
        'isRegistryEnabled', a.is_registry_enabled, 'currency', a.currency) from accounts a limit 1)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        sql`${sessions.lastUsedAt} > now() - make_interval(secs => ${sessions.idleSeconds})`,
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare('find_live_session');
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
  // Signing in is activity: without this a short visit would leave "last active" empty.
  await db.update(users).set({ lastActiveTime: sql`now()` }).where(eq(users.id, s.userId));
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

/** Ends every live session of the user, but `keepSessionId` (the caller's own, after a change they made). */
export async function revokeUserSessions(db: DbOrTx, userId: string, keepSessionId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
}

/**
 * The live user signing in with this e-mail or username (both unique, case-insensitively). A username may
 * look like an e-mail ('@' is allowed), so both columns are searched; an e-mail match wins over someone
 * else's username.
 */
export async function findLoginUser(db: DbOrTx, login: string) {
  const byEmail = sql`lower(${users.email}) = lower(${login})`;
  const [u] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(sql`(${byEmail} or lower(${users.username}) = lower(${login}))`, isNull(users.deletedAt)))
    .orderBy(sql`${byEmail} desc nulls last`)
    .limit(1);
  return u;
}

/** The live user whose e-mail this is (case-insensitive): who a reset link, an access request or a provider names. */
export async function liveUserByEmail(db: DbOrTx, email: string) {
  const [u] = await db
    .select({ id: users.id, name: users.name, email: users.email, username: users.username })
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
    .where(
      and(eq(rateLimits.key, key), gt(rateLimits.windowStart, sql`now() - make_interval(secs => ${windowSeconds})`)),
    );
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
