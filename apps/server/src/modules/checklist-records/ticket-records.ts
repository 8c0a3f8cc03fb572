import type { AssetLifeCycleState, CostStatement } from '@fleetdesk/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { DomainError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { faultPoint } from '../../lib/fault.ts';
import { partnerInScope } from '../../lib/scope.ts';
import { lifeCycleTransitionProblem } from '../assets/lifecycle.ts';
import { logChange } from '../audit/audit.repo.ts';
import { resetOnChecklistFinalized } from '../reminders/resets.ts';
import * as repo from './checklist-records.repo.ts';
import { costStatementOf, type Results, type Snapshot } from './record-model.ts';

/** The asset event finalization writes; the reminders issue resets its timers on it. */
export const CHECKLIST_FINALIZED_EVENT = 'checklist-finalized';

export const recordNotFound = () =>
  new DomainError('ChecklistRecordNotFound', 404, 'The checklist record does not exist');
export const alreadyFinalized = () =>
  new DomainError('ChecklistRecordAlreadyFinalized', 409, 'The checklist record is already finalized');

/** The cost statement of a record with the rates of its centre's tax group in force at `at`. */
export async function statementOf(db: DbOrTx, record: repo.RecordRow, at: Date, isFinal: boolean) {
  const site = record.siteId ? await repo.site(db, record.siteId) : undefined;
  const taxGroup = site?.taxGroupId ? { id: site.taxGroupId, name: site.taxGroupName ?? '' } : null;
  const rates = taxGroup ? await repo.ratesAt(db, taxGroup.id, at) : new Map<string, number>();
  return costStatementOf(record.id, record.currency, record.snapshot as Snapshot, record.results as Results, {
    taxGroup,
    rates,
    at,
    isFinal,
  });
}

/**
 * Finalizes a record the caller has locked (`repo.lock`): fixes its cost statement (rates in force now), marks it
 * Finish, sets the asset lifecycle the checklist names when the assets module's rules allow the move (a move they
 * refuse, or an asset now outside the caller's scope, leaves the lifecycle as it is: finishing the work is never
 * blocked by the asset's state) with an asset field log, and writes the asset event `checklist-finalized`.
 */
export async function finalizeLocked(tx: DbOrTx, caller: Caller, record: repo.RecordRow): Promise<CostStatement> {
  if (record.status !== 'New') throw alreadyFinalized();
  const at = new Date();
  const statement = await statementOf(tx, record, at, true);
  await repo.update(tx, caller.scope, record.id, {
    status: 'Finish',
    finalizedAt: at,
    costStatement: statement,
    chargeTotal: statement.total.gross,
    costTotal: statement.total.cost,
  });
  await logChange(
    tx,
    caller,
    'checklist_record',
    record.id,
    { status: 'New', finalizedAt: null },
    { status: 'Finish', finalizedAt: at.toISOString() },
  );
  const snapshot = record.snapshot as Snapshot;
  const target = snapshot.checklist.assetLifeCyclePreferTo;
  const asset = await repo.assetOfTicket(tx, record.assetId);
  let lifeCycle: { from: string; to: string } | null = null;
  if (target && asset && asset.lifeCycleState !== target && partnerInScope(caller.scope, asset.partnerId)) {
    const problem = lifeCycleTransitionProblem(asset.lifeCycleState as AssetLifeCycleState, target, {
      categoryEnabled: asset.categoryEnabled ?? false,
    });
    if (!problem) {
      await repo.setAssetLifeCycle(tx, caller.scope, asset.id, target);
      await logChange(
        tx,
        caller,
        'asset',
        asset.id,
        { lifeCycleState: asset.lifeCycleState },
        { lifeCycleState: target },
      );
      lifeCycle = { from: asset.lifeCycleState, to: target };
    }
  }
  faultPoint('checklist.finalize');
  await repo.insertAssetEvent(tx, {
    assetId: record.assetId,
    partnerId: record.partnerId,
    type: CHECKLIST_FINALIZED_EVENT,
    occurredAt: at,
    data: { recordId: record.id, checklistId: record.checklistId, ticketId: record.ticketId, lifeCycle },
  });
  await resetOnChecklistFinalized(tx, {
    assetId: record.assetId,
    recordId: record.id,
    checklistId: record.checklistId,
    ticketId: record.ticketId,
    workItemIds: (record.results as Results).flatMap((g) =>
      g.workItems.filter((w) => w.options.length > 0).map((w) => w.workItemId),
    ),
    actorId: caller.userId,
  });
  return statement;
}

/**
 * Finalizes every New, not excluded record of a ticket, inside the caller's transaction (`$finish`). Idempotent:
 * records already finalized are left as they are, so running it again changes nothing. The ticket-side rules
 * (which status may finish) belong to the ticket service; this applies only the record-side ones.
 */
export async function finalizeTicketRecords(tx: DbOrTx, caller: Caller, ticketId: string): Promise<void> {
  const open = await repo.lockOpenOfTicket(tx, caller.scope, ticketId);
  for (const record of open) await finalizeLocked(tx, caller, record);
}

/**
 * Takes a record off its ticket's fees (excluded_at/by), inside the caller's transaction (`$exclude`).
 * 404 ChecklistRecordNotFound when the record is not one of this ticket's (or outside the scope);
 * 409 ChecklistRecordAlreadyExcluded the second time.
 */
export async function excludeTicketRecord(
  tx: DbOrTx,
  caller: Caller,
  ticketId: string,
  recordId: string,
): Promise<void> {
  const record = await repo.lock(tx, caller.scope, recordId);
  if (!record || record.ticketId !== ticketId) throw recordNotFound();
  if (record.excludedAt) {
    throw new DomainError(
      'ChecklistRecordAlreadyExcluded',
      409,
      "The record is already excluded from the ticket's fees",
    );
  }
  const at = new Date();
  await repo.update(tx, caller.scope, recordId, { excludedAt: at, excludedBy: caller.userId });
  await logChange(tx, caller, 'checklist_record', recordId, { excludedAt: null }, { excludedAt: at.toISOString() });
}

/** The fees of a ticket: the charge totals of its finalized, not excluded records (for the ticket's $finish). */
export async function ticketRecordsCharge(tx: DbOrTx, caller: Caller, ticketId: string): Promise<number> {
  const records = await repo.listOfTicket(tx, caller.scope, ticketId);
  const cents = records
    .filter((r) => r.record.status === 'Finish' && !r.record.excludedAt)
    .reduce((sum, r) => sum + Math.round(Number(r.record.chargeTotal) * 100), 0);
  return cents / 100;
}
