import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assets } from '../../db/schema/index.ts';
import { inScope } from '../../db/sql.ts';
import type { Scope } from '../../lib/scope.ts';

/** The SQL of the asset writes leases make: an asset's turnover state as it goes out on rent and comes back. */

const assetIn = (scope: Scope, assetId: string) => and(eq(assets.id, assetId), inScope(scope, assets.partnerId));

/** The asset's turnover state, its row locked for the transaction; nothing when it is missing or outside the scope. */
export async function lockTurnover(tx: DbOrTx, scope: Scope, assetId: string) {
  const [row] = await tx
    .select({ turnoverState: assets.turnoverState })
    .from(assets)
    .where(assetIn(scope, assetId))
    .for('update');
  return row?.turnoverState;
}

export async function saveTurnover(tx: DbOrTx, scope: Scope, assetId: string, turnoverState: string, now: Date) {
  await tx.update(assets).set({ turnoverState, updatedAt: now }).where(assetIn(scope, assetId));
}
