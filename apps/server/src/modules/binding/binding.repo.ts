import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactChangeCodes, oidcStates, userIdentities, users } from '../../db/schema/index.ts';

/**
 * What the Binding part reads and writes. Every object here belongs to one user and is reached only as that
 * user (`$me`) or by the sign-in flow itself: no partner scope applies (docs/architecture.md "Who owns each
 * object": like sessions and verification codes).
 */

export type OidcPurpose = 'login' | 'link' | 'handoff';

export async function insertOidcState(
  db: DbOrTx,
  s: {
    state: string;
    codeVerifier: string;
    nonce: string;
    purpose: OidcPurpose;
    userId: string | null;
    rememberMe: boolean;
    expiresAt: Date;
  },
) {
  // Abandoned round trips would otherwise stay forever; the table only ever holds minutes of them.
  await db.delete(oidcStates).where(lt(oidcStates.expiresAt, sql`now()`));
  await db.insert(oidcStates).values(s);
}

/**
 * Takes a round trip (or a hand-off code) out of the table: single use by construction, since two requests
 * cannot both delete the same row. Expired → undefined, and still gone.
 */
export async function takeOidcState(db: DbOrTx, state: string, purposes: readonly OidcPurpose[]) {
  const [row] = await db
    .delete(oidcStates)
    .where(and(eq(oidcStates.state, state), inArray(oidcStates.purpose, [...purposes])))
    .returning();
  if (!row || row.expiresAt.getTime() <= Date.now()) return;
  return row;
}

/** The live user an identity of this provider is linked to. */
export async function findIdentity(db: DbOrTx, issuer: string, subject: string) {
  const [row] = await db
    .select({ id: userIdentities.id, userId: userIdentities.userId, live: sql<boolean>`${users.deletedAt} is null` })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
    .limit(1);
  return row;
}

/** The live user signing in with this e-mail (unique among live users, case-insensitively). */
export async function isLiveUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row !== undefined;
}

/** Links an identity; false when this issuer and subject are already linked (to anyone). */
export async function insertIdentity(
  db: DbOrTx,
  i: { userId: string; issuer: string; subject: string; email: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(userIdentities)
    .values({ id: randomUUID(), ...i })
    .onConflictDoNothing()
    .returning({ id: userIdentities.id });
  return rows.length > 0;
}

export async function listIdentities(db: DbOrTx, userId: string) {
  return db
    .select({
      id: userIdentities.id,
      issuer: userIdentities.issuer,
      email: userIdentities.email,
      createdAt: userIdentities.createdAt,
    })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .orderBy(asc(userIdentities.createdAt), asc(userIdentities.id));
}

/** Unlinks one of the user's own identities; false when there is none by that id for this user. */
export async function deleteIdentity(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(userIdentities)
    .where(and(eq(userIdentities.id, id), eq(userIdentities.userId, userId)))
    .returning({ id: userIdentities.id });
  return rows.length > 0;
}

export async function ownContact(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: users.email, phoneNo: users.phoneNo, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function latestContactCode(db: DbOrTx, userId: string, channel: 'email' | 'phone') {
  const [row] = await db
    .select()
    .from(contactChangeCodes)
    .where(and(eq(contactChangeCodes.userId, userId), eq(contactChangeCodes.channel, channel)))
    .orderBy(desc(contactChangeCodes.createdAt))
    .limit(1);
  return row;
}

/** Stores a new code; only the latest of a user's channel is ever confirmed (`latestContactCode`). */
export async function insertContactCode(
  db: DbOrTx,
  c: { userId: string; channel: 'email' | 'phone'; newValue: string; codeHash: string; expiresAt: Date },
) {
  await db.insert(contactChangeCodes).values({ id: randomUUID(), ...c });
}

/**
 * Counts a wrong code, in one guarded statement so concurrent guesses cannot both pass the last attempt;
 * false when the code had no attempt left.
 */
export async function countWrongAttempt(db: DbOrTx, id: string, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(contactChangeCodes)
    .set({ attempts: sql`${contactChangeCodes.attempts} + 1` })
    .where(and(eq(contactChangeCodes.id, id), lt(contactChangeCodes.attempts, maxAttempts)))
    .returning({ id: contactChangeCodes.id });
  return rows.length > 0;
}

/** Uses the code once: false when a concurrent confirmation took it first. */
export async function consumeContactCode(db: DbOrTx, id: string, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(contactChangeCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(contactChangeCodes.id, id),
        isNull(contactChangeCodes.consumedAt),
        lt(contactChangeCodes.attempts, maxAttempts),
        gt(contactChangeCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: contactChangeCodes.id });
  return rows.length > 0;
}

/** Sets the signed-in user's own e-mail or phone number. */
export async function setOwnContact(db: DbOrTx, userId: string, field: 'email' | 'phoneNo', value: string) {
  const [row] = await db
    .update(users)
    .set({ [field]: value, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ email: users.email, phoneNo: users.phoneNo });
  return row;
}
