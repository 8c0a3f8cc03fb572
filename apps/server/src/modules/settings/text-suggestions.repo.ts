import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { textSuggestions } from '../../db/schema/index.ts';
import type { AllPartners } from '../../lib/scope.ts';

export async function values(db: DbOrTx, key: string): Promise<string[]> {
  const found = await db
    .select({ value: textSuggestions.value })
    .from(textSuggestions)
    .where(eq(textSuggestions.key, key))
    .orderBy(asc(textSuggestions.seq));
  return found.map((r) => r.value);
}

/**
 * Inserts the values a key does not hold yet (case-insensitively); returns how many were new. The lists are
 * shown to every partner, so only a caller narrowed to "*" writes them.
 */
export async function append(
  db: DbOrTx,
  _scope: AllPartners,
  key: string,
  newValues: readonly string[],
): Promise<number> {
  const inserted = await db
    .insert(textSuggestions)
    .values(newValues.map((value) => ({ key, value })))
    // A concurrent append of the same value is absorbed by the unique (key, lower(value)) index.
    .onConflictDoNothing()
    .returning({ value: textSuggestions.value });
  return inserted.length;
}
