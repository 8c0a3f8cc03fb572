import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';
import { preparedPerDb } from '../../lib/prepared.ts';
import type { AllPartners } from '../../lib/scope.ts';

const accountStatement = preparedPerDb((db) => db.select().from(accounts).limit(1).prepare('get_account'));

/** The account row; read by every profile request, hence prepared. */
export async function getAccount(db: DbOrTx) {
  const [a] = await accountStatement(db).execute();
  return a;
}

/** The account is account-wide by definition: its writes take `AllPartners`. */
export async function insertAccount(
  db: DbOrTx,
  _scope: AllPartners,
  a: { name: string; timezone?: string; currency?: string },
) {
  const [row] = await db
    .insert(accounts)
    .values({ id: randomUUID(), ...a })
    .returning();
  return row!;
}

export async function updateAccount(
  db: DbOrTx,
  _scope: AllPartners,
  id: string,
  patch: Partial<typeof accounts.$inferInsert>,
) {
  const [row] = await db
    .update(accounts)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(accounts.id, id))
    .returning();
  return row!;
}
