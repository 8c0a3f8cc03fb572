import type { DbOrTx } from '../../db/client.ts';
import { startCycles } from './cycle.repo.ts';
import * as repo from './resets.repo.ts';

/**
 * Resets from events, inside the event's transaction (a finalized record resets its timers atomically: if the
 * finalization fails, nothing is reset). Events act for the whole account: the rule decides which timers, not the
 * caller's scope — the caller is only recorded as the actor.
 */

export interface ChecklistFinalized {
  assetId: string;
  recordId: string;
  checklistId: string;
  ticketId: string | null;
  /** The record's work items that have a result (an option chosen). */
  workItemIds: readonly string[];
  actorId: string | null;
}

/** Resets the asset's timers whose rule names the record's checklist or one of its work items with a result. */
export async function resetOnChecklistFinalized(tx: DbOrTx, e: ChecklistFinalized): Promise<number> {
  const ids = await repo.timersResetByRecord(tx, '*', e);
  return startCycles(tx, '*', ids, {
    cause: 'checklistRecord',
    causeRef: { recordId: e.recordId, checklistId: e.checklistId, ticketId: e.ticketId },
    actorId: e.actorId,
  });
}

/** A changed field of an asset as its field log writes it (`lifeCycleState`, `properties.<id>`, …). */
export interface AssetFieldChange {
  field: string;
  after: unknown;
}

const watched = (field: string) =>
  field === 'lifeCycleState' || field === 'turnoverState' || field === 'usageMode' || field.startsWith('properties.');

/** A value as a rule names it: text as is, anything else (numbers, booleans, lists) as its JSON. */
const asRuleValue = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * Resets the asset's timers whose assetProperty rule watches a changed property for the value it now has. Called by
 * the asset field log writer, which every change of an asset passes (edit, batch edit, import, a finalization's
 * life-cycle change); a rule's `property` is the built-in field or the custom property's id.
 */
export async function resetOnAssetChange(
  tx: DbOrTx,
  assetId: string,
  changes: readonly AssetFieldChange[],
  actorId: string | null,
): Promise<number> {
  const relevant = changes
    .filter((c) => watched(c.field) && c.after !== null && c.after !== undefined)
    .map((c) => ({ property: c.field.replace(/^properties\./, ''), value: asRuleValue(c.after) }));
  if (relevant.length === 0) return 0;
  const found = await repo.timersResetByProperty(tx, '*', assetId, relevant);
  let done = 0;
  // One reset per property change, so each log row names the change that caused it.
  for (const change of relevant) {
    const ids = found.filter((f) => f.property === change.property && f.value === change.value).map((f) => f.id);
    done += await startCycles(tx, '*', ids, { cause: 'assetProperty', causeRef: change, actorId });
  }
  return done;
}
