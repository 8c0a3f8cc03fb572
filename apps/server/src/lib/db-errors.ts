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

const LOST_CONNECTION =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|connection error/i;

/**
 * The database could not be reached or dropped the connection (a restart, a failover, a network cut): nothing of
 * the statement's transaction was committed, and the same work succeeds once PostgreSQL is back. SQLSTATE class 08,
 * an administrator's shutdown (57P01–57P03), too many connections (53300), or the socket's own error.
 */
export function connectionLost(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string') {
      if (/^08|^57P0[123]$|^53300$/.test(e.code)) return true;
      if (/^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EAI_AGAIN|ENOTFOUND)$/.test(e.code)) return true;
    }
    if (typeof e.message === 'string' && LOST_CONNECTION.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}

/** Waits between attempts while the database is unreachable: doubling up to the last. */
const RECONNECT_WAIT_MS = [100, 200, 500, 1000, 2000, 5000];

/**
 * Runs a step until it gets through to the database: a lost connection rolled back whatever the step was doing,
 * and giving up would lose what the caller was told is safe (a device's report the broker handed over). Any other
 * error is the caller's. `onWait` sees each retry (for a counter, a sampled warning).
 */
export async function untilReachable<T>(
  step: () => Promise<T>,
  onWait?: (attempt: number, waitMs: number) => void,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!connectionLost(error)) throw error;
      const waitMs = RECONNECT_WAIT_MS[Math.min(attempt, RECONNECT_WAIT_MS.length - 1)] as number;
      onWait?.(attempt, waitMs);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}
