/**
 * The constraint a unique violation (SQLSTATE 23505) broke, looking through drizzle's DrizzleQueryError
 * wrapper; undefined for any other error. Services check uniqueness first for a friendly answer, but two
 * concurrent requests can both pass the check, and then the index decides.
 */
export function uniqueViolation(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
    current = e.cause;
  }
  return undefined;
}
