import { randomUUID } from 'node:crypto';
import {
  type ChecklistRecord,
  type ChecklistRecordListQuery,
  type ChecklistRecordSummary,
  type CostStatement,
  type RecordAttachment,
  requires,
  requiresApp,
  type SubmitDraftBody,
  satisfies,
} from '@fleetdesk/contracts';
import type { FileStorage } from '../../adapters/storage.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import { partnerInScope } from '../../lib/scope.ts';
import { logChange } from '../audit/audit.repo.ts';
import * as repo from './checklist-records.repo.ts';
import { chargeAndCost, checkDraft, type Results, recordGroups, type Snapshot, snapshotOf } from './record-model.ts';
import type { ReceivedFile } from './record-uploads.ts';
import { alreadyFinalized, finalizeLocked, recordNotFound, statementOf } from './ticket-records.ts';

const E = (code: string, status: number, message: string, field?: string) =>
  new DomainError(code, status, message, field ? { field, fields: { [field]: message } } : null);

type TicketKind = 'b2c' | 'b2b';

const ticketNotFound = () => E('SupportCustomerTicketNotFound', 404, 'The service ticket does not exist');
/** Statuses in which a ticket's records may be worked (drafts) and finalized. */
const WORKING = ['processing', 'paused'];

/**
 * Who works a ticket's records. B2B tickets: the holders of support.ticket.mechanic, and only they. B2C tickets: a
 * caller holding only `update_assigned_to_self` works only the tickets assigned to them (403
 * SupportCustomerTicketNotAssigned); `update` works any ticket in scope. A B2B mechanic reaching a B2C ticket (or
 * the other way round) is refused: the route let them in for the other kind.
 */
export function assertMayWork(caller: Caller, ticket: { mechanicUserId: string | null; kind: string }) {
  if (ticket.kind === 'b2b') {
    if (satisfies(caller.permissions, requiresApp('support.ticket.mechanic'))) return;
    throw new DomainError('Forbidden', 403, 'Only a B2B service mechanic works B2B service tickets');
  }
  if (satisfies(caller.permissions, requires('support.customer_ticket.update'))) return;
  const b2c = [['support.customer_ticket.update_assigned_to_self']];
  if (satisfies(caller.permissions, b2c) && ticket.mechanicUserId === caller.userId) return;
  if (!satisfies(caller.permissions, b2c))
    throw new DomainError('Forbidden', 403, 'Only a B2C service mechanic works B2C service tickets');
  throw new DomainError('SupportCustomerTicketNotAssigned', 403, 'The ticket is assigned to another mechanic');
}

const readsCost = (caller: Caller) => satisfies(caller.permissions, requires('checklist_record.read_cost'));

function toSummary(row: repo.RecordListRow, showCost: boolean): ChecklistRecordSummary {
  const r = row.record;
  const snapshot = r.snapshot as Snapshot;
  return {
    id: r.id,
    status: r.status as ChecklistRecordSummary['status'],
    asset: { id: r.assetId, no: row.assetNo },
    partner: { id: r.partnerId, name: row.partnerName },
    checklist: { id: r.checklistId, name: snapshot.checklist.name },
    ticket: r.ticketId && row.ticketNo ? { id: r.ticketId, ticketNo: row.ticketNo } : null,
    site: r.siteId && row.siteName ? { id: r.siteId, name: row.siteName } : null,
    creator: r.createdBy ? { id: r.createdBy, name: row.creatorName ?? '' } : null,
    finalizedAt: toIsoOrNull(r.finalizedAt),
    durationMinutes: r.durationMinutes,
    comment: r.comment,
    currency: r.currency,
    chargeTotal: showCost ? Number(r.chargeTotal) : null,
    excludedAt: toIsoOrNull(r.excludedAt),
    attachmentCount: Number(row.attachmentCount),
    createdAt: toIso(r.createdAt),
    updatedAt: toIso(r.updatedAt),
  };
}

function toRecord(row: repo.RecordListRow, showCost: boolean): ChecklistRecord {
  const snapshot = row.record.snapshot as Snapshot;
  return {
    ...toSummary(row, showCost),
    basicCostAmount: snapshot.checklist.basicCostAmount,
    assetLifeCyclePreferTo: snapshot.checklist.assetLifeCyclePreferTo,
    groups: recordGroups(snapshot, row.record.results as Results),
  };
}

const attachmentUrl = (a: repo.AttachmentRow) =>
  `/api/checklist/checklistRecords/${a.recordId}/attachments/${a.id}/file`;

function toAttachment(a: repo.AttachmentRow): RecordAttachment {
  return {
    id: a.id,
    kind: a.kind as RecordAttachment['kind'],
    content: a.content,
    fileName: a.fileName,
    contentType: a.contentType,
    sizeBytes: a.sizeBytes,
    groupId: a.groupId,
    workItemId: a.workItemId,
    url: attachmentUrl(a),
    createdAt: toIso(a.createdAt),
  };
}

/** One range of `bytes=a-b`, `bytes=a-` or `bytes=-n` within `size`; null when absent, 'invalid' when unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

export function createChecklistRecordService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;

  async function visible(tx: DbOrTx, caller: Caller, id: string) {
    const row = await repo.get(tx, caller.scope, id);
    if (!row) throw recordNotFound();
    return row;
  }

  async function detail(tx: DbOrTx, caller: Caller, id: string) {
    return toRecord(await visible(tx, caller, id), readsCost(caller));
  }

  /** The ticket of a record the caller acts on: exists (in scope) and the caller may work it. */
  async function workableTicket(tx: DbOrTx, caller: Caller, ticketId: string | null) {
    const ticket = ticketId ? await repo.ticket(tx, caller.scope, ticketId) : undefined;
    if (!ticket) throw ticketNotFound();
    assertMayWork(caller, ticket);
    return ticket;
  }

  return {
    async list(caller: Caller, query: ChecklistRecordListQuery) {
      const { rows, count } = await repo.list(db, caller.scope, query);
      const showCost = readsCost(caller);
      return { data: rows.map((r) => toSummary(r, showCost)), count };
    },

    async assetRecords(caller: Caller, query: Parameters<typeof repo.listOfAsset>[2]) {
      const { rows, count } = await repo.listOfAsset(db, caller.scope, query);
      const showCost = readsCost(caller);
      return { data: rows.map((r) => toSummary(r, showCost)), count };
    },

    get: (caller: Caller, id: string) => detail(db, caller, id),

    /** The records of a ticket of the route's kind (the other kind's ticket is not found there). */
    async ticketRecords(caller: Caller, ticketId: string, kind: TicketKind = 'b2c'): Promise<ChecklistRecord[]> {
      if ((await repo.ticket(db, caller.scope, ticketId))?.kind !== kind) throw ticketNotFound();
      const showCost = readsCost(caller);
      return (await repo.listOfTicket(db, caller.scope, ticketId)).map((r) => toRecord(r, showCost));
    },

    /**
     * The cost statement: the one fixed at finalization, or for a New record an estimate with the rates in force
     * now (`isFinal: false`).
     */
    async costStatement(caller: Caller, id: string): Promise<CostStatement> {
      const { record } = await visible(db, caller, id);
      if (record.status === 'Finish' && record.costStatement) return record.costStatement as CostStatement;
      return statementOf(db, record, new Date(), false);
    },

    async attachments(caller: Caller, id: string): Promise<RecordAttachment[]> {
      await visible(db, caller, id);
      return (await repo.attachments(db, caller.scope, id)).map(toAttachment);
    },

    /** The stored file of an attachment (a range of it when asked) for the permission-checked file route. */
    async attachmentFile(caller: Caller, id: string, attachmentId: string, rangeHeader: string | undefined) {
      const row = await repo.attachment(db, caller.scope, id, attachmentId);
      const size = row ? await storage.size(row.storageKey) : undefined;
      if (!row || size === undefined) throw new DomainError('NotFound', 404, 'The attachment does not exist');
      const range = parseRange(rangeHeader, size);
      if (range === 'invalid') return { row, size, range, stream: undefined };
      const stream = await storage.open(row.storageKey, range ?? undefined);
      if (!stream) throw new DomainError('NotFound', 404, 'The attachment does not exist');
      return { row, size, range, stream };
    },

    /**
     * Checks that the caller may attach to the record (before the upload is read): the record in scope, its
     * ticket workable by the caller, and the group and work item (when given) part of the record. Attachments
     * are accepted on New and finalized records alike (decisions.md "Workshop: checklist records").
     */
    async checkAttach(caller: Caller, id: string, target?: { groupId: string; workItemId: string }) {
      const { record } = await visible(db, caller, id);
      await workableTicket(db, caller, record.ticketId);
      if (target) {
        const group = (record.snapshot as Snapshot).groups.find((g) => g.id === target.groupId);
        if (!group)
          throw E('ChecklistRecordWorkItemGroupNotFound', 404, 'The group is not part of the record', 'groupId');
        if (!group.workItems.some((i) => i.id === target.workItemId)) {
          throw E('ChecklistRecordWorkItemNotFound', 404, 'The work item is not part of the record', 'workItemId');
        }
      }
    },

    async addAttachment(
      caller: Caller,
      id: string,
      file: ReceivedFile,
      target?: { groupId: string; workItemId: string },
    ): Promise<RecordAttachment> {
      try {
        return await db.transaction(async (tx) => {
          const row = await repo.insertAttachment(tx, caller.scope, {
            id: randomUUID(),
            recordId: id,
            groupId: target?.groupId ?? null,
            workItemId: target?.workItemId ?? null,
            kind: file.kind,
            content: file.content,
            fileName: file.fileName,
            storageKey: file.storageKey,
            contentType: file.contentType,
            sizeBytes: file.sizeBytes,
            createdBy: caller.userId,
          });
          return toAttachment(row);
        });
      } catch (error) {
        await storage.remove(file.storageKey);
        throw error;
      }
    },

    /** Finalizes one record, once; only while its ticket is being worked (processing or paused). */
    async finalize(caller: Caller, id: string): Promise<ChecklistRecord> {
      return db.transaction(async (tx) => {
        const record = await repo.lock(tx, caller.scope, id);
        if (!record) throw recordNotFound();
        if (record.status !== 'New') throw alreadyFinalized();
        const ticket = await workableTicket(tx, caller, record.ticketId);
        if (!WORKING.includes(ticket.status)) {
          throw E(
            'ChecklistRecordFinalizeNotAllowed',
            422,
            'The record can be finalized only while its ticket is being worked',
          );
        }
        await finalizeLocked(tx, caller, record);
        return detail(tx, caller, id);
      });
    },

    /**
     * Submits a draft on a ticket in processing: copies the checklist into a new record (or into the New record
     * `recordId` of the same ticket), checks the choices against the copy and stores them with the totals.
     */
    async submitDraft(
      caller: Caller,
      ticketId: string,
      body: SubmitDraftBody,
      kind: TicketKind = 'b2c',
    ): Promise<ChecklistRecord> {
      return db.transaction(async (tx) => {
        const ticket = await repo.ticket(tx, caller.scope, ticketId, true);
        if (!ticket || ticket.kind !== kind) throw ticketNotFound();
        assertMayWork(caller, ticket);
        if (ticket.status !== 'processing') {
          throw E(
            'SupportCustomerTicketOperationNotAllowed',
            422,
            'Checklists can be worked only on a ticket in processing',
          );
        }
        const site = ticket.centerSiteId ? await repo.site(tx, ticket.centerSiteId) : undefined;
        if (!site || site.isArchived) throw E('ChecklistRecordNotFoundSite', 404, 'The ticket has no service centre');
        if (site.type !== 'service-center') {
          throw E('ChecklistRecordSiteNotServiceCenter', 422, "The ticket's site is not a service centre");
        }
        const asset = await repo.assetOfTicket(tx, ticket.assetId);
        if (!asset) throw E('AssetNotFound', 404, 'The asset does not exist');
        if (!partnerInScope(caller.scope, asset.partnerId)) {
          throw E('AssetPartnerOutOfScope', 403, "The asset's partner is outside your partner scope");
        }
        if (!asset.categoryFound || !asset.categoryEnabled) {
          throw E('AssetCategoryNotFound', 404, 'The asset category does not exist');
        }
        const source = await repo.checklistForRecord(tx, caller.scope, body.checklistId);
        if (!source) throw E('ChecklistNotFound', 404, 'The checklist does not exist', 'checklistId');
        if (!source.checklist.assetCategoryIds.includes(asset.categoryId)) {
          throw E(
            'ChecklistAssetCategoryScopeNotIncludeAssetCategory',
            422,
            "The checklist does not apply to the asset's category",
            'checklistId',
          );
        }
        let replaced: repo.RecordRow | undefined;
        if (body.recordId) {
          replaced = await repo.lock(tx, caller.scope, body.recordId);
          if (!replaced || replaced.ticketId !== ticketId) {
            throw E('ChecklistRecordNotFound', 404, 'The checklist record does not exist', 'recordId');
          }
          if (replaced.status !== 'New') throw alreadyFinalized();
        }
        const snapshot = snapshotOf(source);
        const results = checkDraft(snapshot, body);
        const totals = chargeAndCost(snapshot, results);
        const values = {
          checklistId: source.checklist.id,
          siteId: site.id,
          snapshot,
          results,
          comment: body.comment ?? null,
          durationMinutes: body.durationMinutes,
          chargeTotal: totals.chargeTotal,
          costTotal: totals.costTotal,
        };
        const id = replaced?.id ?? randomUUID();
        if (replaced) {
          await repo.update(tx, caller.scope, id, values);
          await logChange(
            tx,
            caller,
            'checklist_record',
            id,
            { checklistId: replaced.checklistId, comment: replaced.comment, durationMinutes: replaced.durationMinutes },
            { checklistId: values.checklistId, comment: values.comment, durationMinutes: values.durationMinutes },
          );
        } else {
          await repo.insert(tx, caller.scope, {
            id,
            partnerId: ticket.assetPartnerId,
            assetId: ticket.assetId,
            ticketId,
            currency: ticket.currency,
            status: 'New',
            createdBy: caller.userId,
            ...values,
          });
          await logChange(tx, caller, 'checklist_record', id, null, {
            checklistId: values.checklistId,
            ticketId,
            status: 'New',
          });
        }
        await repo.insertTicketEvent(tx, caller.scope, {
          ticketId,
          action: 'submit-draft',
          userId: caller.userId,
          data: { recordId: id, checklistId: values.checklistId, replaced: Boolean(replaced) },
        });
        return detail(tx, caller, id);
      });
    },
  };
}
export type ChecklistRecordService = ReturnType<typeof createChecklistRecordService>;
