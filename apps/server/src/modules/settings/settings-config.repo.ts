import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountConfigs } from '../../db/schema/index.ts';
import type { AllPartners } from '../../lib/scope.ts';

/** The keys of account_configs this module owns: account-wide values, so writes take `AllPartners`. */
export type AccountConfigKey = 'settings' | 'customer-info';

export interface StoredConfig {
  value: unknown;
  updatedAt: Date;
}

/** The stored value of a key, locked for the rest of the transaction when `forUpdate` (read-modify-write). */
export async function get(
  db: DbOrTx,
  key: AccountConfigKey,
  opts: { forUpdate?: boolean } = {},
): Promise<StoredConfig | undefined> {
  const query = db
    .select({ value: accountConfigs.value, updatedAt: accountConfigs.updatedAt })
    .from(accountConfigs)
    .where(eq(accountConfigs.key, key));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Stores a key for the first time; a concurrent first store fails on the primary key (23505). */
export async function insert(db: DbOrTx, _scope: AllPartners, key: AccountConfigKey, value: unknown, userId: string) {
  await db.insert(accountConfigs).values({ key, value, updatedBy: userId });
}

/** Stores a key whether or not it exists. */
export async function upsert(db: DbOrTx, _scope: AllPartners, key: AccountConfigKey, value: unknown, userId: string) {
  await db
    .insert(accountConfigs)
    .values({ key, value, updatedBy: userId })
    .onConflictDoUpdate({
      target: accountConfigs.key,
      set: { value, updatedBy: userId, updatedAt: sql`now()` },
    });
}
