import type { DbOrTx } from '../../db/client.ts';
import { DomainError } from '../../errors.ts';
import { hitRate, peekRate } from './auth.repo.ts';

export const tooMany = (retryAfterSeconds: number) =>
  new DomainError('TooManyRequests', 429, 'Too many requests, try again later', { retryAfterSeconds });

/** Counts one request against a fixed-window limit, or refuses it (429) when the window is full. */
export async function limitRate(db: DbOrTx, key: string, max: number, windowSeconds: number) {
  if ((await peekRate(db, key, windowSeconds)) >= max) throw tooMany(windowSeconds);
  await hitRate(db, key, windowSeconds);
}
