import { and, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';

/** The row's name equals `value` case-insensitively (as the unique indexes compare), the row `exceptId` aside. */
export function sameName(name: AnyPgColumn, id: AnyPgColumn, value: string, exceptId?: string): SQL | undefined {
  return and(sql`lower(${name}) = lower(${value})`, exceptId ? ne(id, exceptId) : undefined);
}

/** Whether any row of `table` meets `where` (the caller's scope is part of `where`). */
export async function anyRow(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(table).where(where).limit(1);
  return row !== undefined;
}
