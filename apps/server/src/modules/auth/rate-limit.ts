import type { DbOrTx } from '../../db/client.ts';
import { DomainError } from '../../errors.ts';
import { clearRate, countRate } from './auth.repo.ts';

export const tooMany = (retryAfterSeconds: number) =>
  new DomainError('TooManyRequests', 429, 'Too many requests, try again later', { retryAfterSeconds });

/**
 * Counts one request against a fixed-window limit and refuses it (429) when it is over: counted and checked in one
 * statement, so parallel requests cannot all pass a check made before any of them was counted.
 */
export async function limitRate(db: DbOrTx, key: string, max: number, windowSeconds: number) {
  if ((await countRate(db, key, windowSeconds)) > max) throw tooMany(windowSeconds);
}

/** The per-account counter of failed sign-ins: keyed by what was typed (an e-mail, a username or a phone number). */
export const loginAccountKey = (identity: string) => `login:account:${identity.toLowerCase()}`;

/** Forgets the failed sign-ins of these logins (someone has just proved they own the account). */
export async function clearLoginFailures(db: DbOrTx, logins: readonly (string | null | undefined)[]) {
  for (const login of logins) if (login) await clearRate(db, loginAccountKey(login));
}
