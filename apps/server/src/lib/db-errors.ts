/** The SQLSTATE of a driver error, looking through drizzle's DrizzleQueryError wrapper. */
function sqlState(error: unknown): { code: string; constraint: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : '' };
    }
    current = e.cause;
  }
  return undefined;
}

/**
 * The constraint a unique violation (SQLSTATE 23505) broke; undefined for any other error. Services check
 * uniqueness first for a friendly answer, but two concurrent requests can both pass the check, and then the
 * index decides.
 */
export function uniqueViolation(error: unknown): string | undefined {
  const state = sqlState(error);
  return state?.code === '23505' ? state.constraint : undefined;
}

/**
 * The constraint a foreign-key violation (23503) broke: a row referred to vanished, or a row still referred
 * to was deleted, by a concurrent request after the service checked.
 */
export function foreignKeyViolation(error: unknown): string | undefined {
  const state = sqlState(error);
  return state?.code === '23503' ? state.constraint : undefined;
}

/**
 * PostgreSQL chose this transaction as a deadlock's victim (40P01) and rolled it back whole: running it again is
 * safe, and the other transaction has gone on.
 */
export function deadlockVictim(error: unknown): boolean {
  return sqlState(error)?.code === '40P01';
}
