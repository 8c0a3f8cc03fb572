import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { Scope } from '../../lib/scope.ts';
import { changedFields, writeFieldLogs } from '../audit/audit.repo.ts';
import * as repo from './asset-leasing.repo.ts';

/**
 * What leasing does to an asset, for the orders module: it goes out on rent (RentingOut) and comes back (InSite).
 * Written here so every such change gets the asset's field log (who, when, before, after) in the order's transaction.
 */
export type LeasedTurnover = 'RentingOut' | 'InSite';

/** Moves an asset's turnover state for a lease, field-logged by `userId` (null: the checkout job, for the account). */
export async function setLeasedTurnover(
  tx: DbOrTx,
  scope: Scope,
  userId: string | null,
  assetId: string,
  turnoverState: LeasedTurnover,
  now = new Date(),
) {
  const before = await repo.lockTurnover(tx, scope, assetId);
  if (before === undefined) throw notFound('Asset not found');
  await repo.saveTurnover(tx, scope, assetId, turnoverState, now);
  await writeFieldLogs(tx, {
    entityType: 'asset',
    entityId: assetId,
    userId,
    changes: changedFields({ turnoverState: before }, { turnoverState }),
  });
}
