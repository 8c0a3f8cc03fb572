import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { textSuggestions } from '../../db/schema/index.ts';

export async function values(db: DbOrTx, key: string): Promise<string[]> {
  const found = await db
    .select({ value: textSuggestions.value })
    .from(textSuggestions)
    .where(eq(textSuggestions.key, key))
    .orderBy(asc(textSuggestions.seq));
  return found.map((r) => r.value);
}

/** Inserts the values a key does not hold yet (case-insensitively); returns how many were new. */
export async function append(db: DbOrTx, key: string, newValues: readonly string[]): Promise<number> {
  const inserted = await db
    .insert(textSuggestions)
    .values(newValues.map((value) => ({ key, value })))
    // A concurrent append of the same value is absorbed by the unique (key, lower(value)) index.
    .onConflictDoNothing()
    .returning({ value: textSuggestions.value });
  return inserted.length;
}
