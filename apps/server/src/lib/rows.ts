import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/** Runs raw SQL and returns its rows the same way on PGlite and node-postgres. */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const toIso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
export const toIsoOrNull = (d: Date | string | null) => (d === null ? null : toIso(d));
