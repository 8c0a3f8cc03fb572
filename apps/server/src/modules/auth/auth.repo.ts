import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { loginDevices, rateLimits, sessions, users, verificationCodes } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import { preparedPerDb } from '../../lib/prepared.ts';

/**
 * Everything a request needs about its caller, read in one round trip. Times are ISO 8601 in UTC with
 * milliseconds, as `Date.toISOString()` writes them: the row travels as one JSON value (see prepareLiveSession).
 */
export interface SessionRow {
  session_id: string;
  /** The session was last marked used longer ago than the touch interval asked for. */
  touch_due: boolean;
  user_id: string;
  username: string;
  name: string;
  email: string | null;
  phone_no: string | null;
  all_partners: boolean;
  legacy_partner_scope: number[] | null;
  last_active_time: string | null;
  created_at: string;
  updated_at: string;
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
export async function findLiveSession(
  db: DbOrTx,
  tokenHash: string,
  touchEverySeconds: number,
): Promise<SessionRow | undefined> {
  const [found] = await liveSessionStatement(db).execute({ tokenHash, touchEverySeconds });
  return found?.row;
}

/** Every request runs this; see lib/prepared.ts for why it is prepared. */
const liveSessionStatement = preparedPerDb(prepareLiveSession);

function prepareLiveSession(db: DbOrTx) {
  // One JSON column instead of seventeen: every request pays node-postgres's row description handling, a parser and
  // drizzle's mapper per column, and the arrays' text parsing; JSON.parse does the whole row in one native call
  // (bench:api, docs/performance.md). Times come in the API's own format and the touch is decided here, so no
  // request parses a date. The account (one per installation) rides along, so the profile needs no second round trip.
  const iso = (column: AnyPgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return db
    .select({
      row: sql<SessionRow>`json_build_object(
        'session_id', ${sessions.id},
        'touch_due', ${sessions.lastUsedAt} < now() - make_interval(secs => ${sql.placeholder('touchEverySeconds')}),
        'user_id', ${users.id}, 'username', ${users.username}, 'name', ${users.name}, 'email', ${users.email},
        'phone_no', ${users.phoneNo}, 'all_partners', ${users.allPartners},
        'legacy_partner_scope', ${users.legacyPartnerScope}, 'last_active_time', ${iso(users.lastActiveTime)},
        'created_at', ${iso(users.createdAt)}, 'updated_at', ${iso(users.updatedAt)},
        'permissions', ${users.permissions},
        'app_permissions', ${users.appPermissions}, 'roles', ${users.roleRefs}, 'partner_ids', ${users.partnerIds},
        'account', (select json_build_object('name', a.name, 'logoImgUrl', a.logo_img_url, 'timezone', a.timezone,
          'isRegistryEnabled', a.is_registry_enabled, 'currency', a.currency) from accounts a limit 1))`,
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

/** Adds one to a fixed-window counter (a new window starts when the old one has passed). */
export async function hitRate(db: DbOrTx, key: string, windowSeconds: number) {
  await db.execute(sql`
    insert into rate_limits (key, window_start, count, last_at) values (${key}, now(), 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end,
      last_at = now()`);
}

/**
 * Adds one to a fixed-window counter and answers the new count, in one statement: concurrent requests each see
 * their own count, so a limit cannot be raced (a read then a write let 30 parallel requests past a limit of 10).
 */
export async function countRate(db: DbOrTx, key: string, windowSeconds: number): Promise<number> {
  const [r] = await rows<{ count: number }>(
    db,
    sql`insert into rate_limits (key, window_start, count, last_at) values (${key}, now(), 1, now())
        on conflict (key) do update set
          count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end,
          last_at = now()
        returning count`,
  );
  return Number(r?.count ?? 1);
}

/**
 * Adds each key's hits to its fixed-window counter in one statement and answers the counters' totals (every
 * node's hits in the window): how a node's in-memory limiter learns what the other nodes counted.
 */
export async function addRateHits(
  db: DbOrTx,
  hits: ReadonlyMap<string, number>,
  windowSeconds: number,
): Promise<Map<string, { count: number; secondsLeft: number }>> {
  if (hits.size === 0) return new Map();
  const keys = [...hits.keys()];
  const found = await rows<{ key: string; count: number; since_window: number }>(
    db,
    sql`insert into rate_limits (key, window_start, count, last_at)
        select h.key, now(), h.hits, now()
          from unnest(${`{${keys.map((k) => `"${k.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[],
                      ${`{${keys.map((k) => hits.get(k) ?? 0).join(',')}}`}::int[]) as h (key, hits)
        on conflict (key) do update set
          count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                       then excluded.count else rate_limits.count + excluded.count end,
          window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                              then now() else rate_limits.window_start end,
          last_at = now()
        returning key, count, extract(epoch from now() - window_start)::float8 as since_window`,
  );
  return new Map(
    found.map((r) => [r.key, { count: Number(r.count), secondsLeft: windowSeconds - Number(r.since_window) }]),
  );
}

/** Drops the counters of a prefix whose window ended long ago (public-feed addresses come and go). */
export async function pruneRates(db: DbOrTx, prefix: string, olderThanSeconds: number) {
  await db.execute(
    sql`delete from rate_limits where key like ${`${prefix}%`} and window_start < now() - make_interval(secs => ${olderThanSeconds})`,
  );
}

export interface RateCounter {
  /** Hits in the current window (0 when it has passed). */
  count: number;
  /** Seconds since the last counted hit, or null. */
  secondsSinceLast: number | null;
  /** Seconds until the current window passes. */
  secondsLeft: number;
}

/**
 * Locks these counters for the rest of the transaction (made at zero when missing) and reads them: a sign-in
 * decides on them and counts itself before another sign-in of the same keys can read them. Locked in key order,
 * so two sign-ins sharing keys cannot deadlock.
 */
export async function lockRates(
  tx: DbOrTx,
  counters: readonly { key: string; windowSeconds: number }[],
): Promise<Map<string, RateCounter>> {
  const sorted = [...counters].sort((a, b) => (a.key < b.key ? -1 : 1));
  await tx.execute(sql`insert into rate_limits (key, window_start, count)
    values ${sql.join(
      sorted.map((c) => sql`(${c.key}, now(), 0)`),
      sql`, `,
    )} on conflict (key) do nothing`);
  const found = await rows<{ key: string; count: number; since_window: number; since_last: number | null }>(
    tx,
    // now() is this transaction's start: a transaction that waited for the row lock sees the hit of the one it
    // waited for as "in the future". Clamped, that hit is "just now" (unclamped, a 0-second back-off became a
    // 1-second refusal for parallel sign-ins of one person).
    sql`select key, count, greatest(0, extract(epoch from now() - window_start))::float8 as since_window,
               greatest(0, extract(epoch from now() - last_at))::float8 as since_last
          from rate_limits where key in ${sql`(${sql.join(
            sorted.map((c) => sql`${c.key}`),
            sql`, `,
          )})`}
         order by key for update`,
  );
  const result = new Map<string, RateCounter>();
  for (const c of sorted) {
    const row = found.find((r) => r.key === c.key);
    const sinceWindow = Number(row?.since_window ?? 0);
    const live = sinceWindow < c.windowSeconds;
    result.set(c.key, {
      count: live ? Number(row?.count ?? 0) : 0,
      secondsSinceLast: row?.since_last == null ? null : Number(row.since_last),
      secondsLeft: live ? c.windowSeconds - sinceWindow : c.windowSeconds,
    });
  }
  return result;
}

/** The device a sign-in presents, when its token is one this user has signed in from. */
export async function findLoginDevice(db: DbOrTx, userId: string, tokenHash: string) {
  const [row] = await db
    .select({ id: loginDevices.id })
    .from(loginDevices)
    .where(and(eq(loginDevices.userId, userId), eq(loginDevices.tokenHash, tokenHash)));
  return row;
}

export async function insertLoginDevice(db: DbOrTx, values: { id: string; userId: string; tokenHash: string }) {
  await db.insert(loginDevices).values(values);
}

export async function touchLoginDevice(db: DbOrTx, id: string) {
  await db.update(loginDevices).set({ lastUsedAt: sql`now()` }).where(eq(loginDevices.id, id));
}

/** Takes back one counted hit (an attempt that turned out to succeed), never below zero. */
export async function refundRate(db: DbOrTx, key: string) {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

export async function clearRate(db: DbOrTx, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
