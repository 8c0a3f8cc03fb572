import { randomUUID } from 'node:crypto';
import type { ChecklistRecordListQuery } from '@fleetdesk/contracts';
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  assetCategories,
  assetEvents,
  assets,
  checklistRecordAttachments,
  checklistRecords,
  checklists,
  checklistWorkItemGroups,
  customerTicketEvents,
  customerTickets,
  partners,
  sites,
  taxGroups,
  taxRates,
  users,
  workItemOptions,
  workItems,
} from '../../db/schema/index.ts';
import { inScope, orderBy } from '../../db/sql.ts';
import { offsetOf } from '../../lib/paging.ts';
import { assertPartnerInScope, type Scope } from '../../lib/scope.ts';

export type RecordValues = Omit<typeof checklistRecords.$inferInsert, 'createdAt' | 'updatedAt'>;
export type RecordRow = typeof checklistRecords.$inferSelect;

/** A record with the names its summary shows. */
export interface RecordListRow {
  record: RecordRow;
  assetNo: string;
  partnerName: string;
  ticketNo: string | null;
  siteName: string | null;
  creatorName: string | null;
  attachmentCount: number;
}

const attachmentCount = sql<number>`(select count(*)::int from ${checklistRecordAttachments}
  where ${checklistRecordAttachments.recordId} = ${checklistRecords.id})`;

function selectRecords(db: DbOrTx) {
  return db
    .select({
      record: checklistRecords,
      assetNo: assets.no,
      partnerName: partners.name,
      ticketNo: customerTickets.ticketNo,
      siteName: sites.name,
      creatorName: users.name,
      attachmentCount,
    })
    .from(checklistRecords)
    .innerJoin(assets, eq(assets.id, checklistRecords.assetId))
    .innerJoin(partners, eq(partners.id, checklistRecords.partnerId))
    .leftJoin(customerTickets, eq(customerTickets.id, checklistRecords.ticketId))
    .leftJoin(sites, eq(sites.id, checklistRecords.siteId))
    .leftJoin(users, eq(users.id, checklistRecords.createdBy));
}

const sortColumns = {
  createdAt: checklistRecords.createdAt,
  finalizedAt: checklistRecords.finalizedAt,
  durationMinutes: checklistRecords.durationMinutes,
};

/** Records of in-scope partners matching the filters: one page and the total. */
export async function list(
  db: DbOrTx,
  scope: Scope,
  q: ChecklistRecordListQuery,
): Promise<{ rows: RecordListRow[]; count: number }> {
  const where = and(
    inScope(scope, checklistRecords.partnerId),
    q.partnerIdIn?.length ? inArray(checklistRecords.partnerId, q.partnerIdIn) : undefined,
    q.checklistIdIn?.length ? inArray(checklistRecords.checklistId, q.checklistIdIn) : undefined,
    q.assetNo
      ? sql`${checklistRecords.assetId} in (select ${assets.id} from ${assets} where ${assets.no} = ${q.assetNo.toUpperCase()})`
      : undefined,
    q.status ? eq(checklistRecords.status, q.status) : undefined,
    q.creatorId ? eq(checklistRecords.createdBy, q.creatorId) : undefined,
    q.finalizedFrom ? gte(checklistRecords.finalizedAt, new Date(q.finalizedFrom)) : undefined,
    q.finalizedTo ? lte(checklistRecords.finalizedAt, new Date(q.finalizedTo)) : undefined,
  );
  const [page, [total]] = await Promise.all([
    selectRecords(db)
      .where(where)
      .orderBy(...orderBy(q.sort, sortColumns, checklistRecords.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(checklistRecords).where(where),
  ]);
  return { rows: page, count: total?.n ?? 0 };
}

/** The in-scope records of one asset (by number), newest first unless sorted otherwise. */
export async function listOfAsset(
  db: DbOrTx,
  scope: Scope,
  q: { assetNo: string; pageNo: number; pageSize: number; sort: ChecklistRecordListQuery['sort'] },
): Promise<{ rows: RecordListRow[]; count: number }> {
  const where = and(inScope(scope, checklistRecords.partnerId), eq(assets.no, q.assetNo.toUpperCase()));
  const [page, [total]] = await Promise.all([
    selectRecords(db)
      .where(where)
      .orderBy(...orderBy(q.sort, sortColumns, checklistRecords.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(checklistRecords)
      .innerJoin(assets, eq(assets.id, checklistRecords.assetId))
      .where(where),
  ]);
  return { rows: page, count: total?.n ?? 0 };
}

/** One in-scope record with its names; another partner's record is as absent as a missing one. */
export async function get(db: DbOrTx, scope: Scope, id: string): Promise<RecordListRow | undefined> {
  const [row] = await selectRecords(db).where(
    and(inScope(scope, checklistRecords.partnerId), eq(checklistRecords.id, id)),
  );
  return row;
}

/** The in-scope records of a ticket, oldest first. */
export async function listOfTicket(db: DbOrTx, scope: Scope, ticketId: string): Promise<RecordListRow[]> {
  return selectRecords(db)
    .where(and(inScope(scope, checklistRecords.partnerId), eq(checklistRecords.ticketId, ticketId)))
    .orderBy(asc(checklistRecords.createdAt), asc(checklistRecords.id));
}

/** Locks an in-scope record for a change (finalize, exclude, replace): concurrent changes wait, then re-read. */
export async function lock(db: DbOrTx, scope: Scope, id: string): Promise<RecordRow | undefined> {
  const [row] = await db
    .select()
    .from(checklistRecords)
    .where(and(inScope(scope, checklistRecords.partnerId), eq(checklistRecords.id, id)))
    .for('update');
  return row;
}

/** Locks the New, not excluded in-scope records of a ticket (finalized together when the ticket is finished). */
export async function lockOpenOfTicket(db: DbOrTx, scope: Scope, ticketId: string): Promise<RecordRow[]> {
  return db
    .select()
    .from(checklistRecords)
    .where(
      and(
        inScope(scope, checklistRecords.partnerId),
        eq(checklistRecords.ticketId, ticketId),
        eq(checklistRecords.status, 'New'),
        isNull(checklistRecords.excludedAt),
      ),
    )
    .orderBy(asc(checklistRecords.createdAt), asc(checklistRecords.id))
    .for('update');
}

export async function insert(db: DbOrTx, scope: Scope, values: RecordValues) {
  assertPartnerInScope(scope, values.partnerId);
  await db.insert(checklistRecords).values(values);
}

export async function update(db: DbOrTx, scope: Scope, id: string, values: Partial<RecordValues>) {
  await db
    .update(checklistRecords)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(inScope(scope, checklistRecords.partnerId), eq(checklistRecords.id, id)));
}

// ---- The ticket a record is worked on ----

export interface TicketForRecord {
  id: string;
  ticketNo: string;
  status: string;
  assetPartnerId: string;
  assetId: string;
  /** b2b tickets have none until the workshop checks them in. */
  centerSiteId: string | null;
  mechanicUserId: string | null;
  currency: string;
  kind: string;
}

/** An in-scope ticket (by its asset's partner); `lock` takes it `for update` (drafts of one ticket queue). */
export async function ticket(
  db: DbOrTx,
  scope: Scope,
  id: string,
  lockIt = false,
): Promise<TicketForRecord | undefined> {
  const query = db
    .select({
      id: customerTickets.id,
      ticketNo: customerTickets.ticketNo,
      status: customerTickets.status,
      assetPartnerId: customerTickets.assetPartnerId,
      assetId: customerTickets.assetId,
      centerSiteId: customerTickets.centerSiteId,
      mechanicUserId: customerTickets.mechanicUserId,
      currency: customerTickets.currency,
      kind: customerTickets.kind,
    })
    .from(customerTickets)
    .where(and(inScope(scope, customerTickets.assetPartnerId), eq(customerTickets.id, id)));
  const [row] = lockIt ? await query.for('update') : await query;
  return row;
}

/** The asset of a ticket whatever its partner (the service checks the scope to answer AssetPartnerOutOfScope). */
export async function assetOfTicket(db: DbOrTx, assetId: string) {
  const [row] = await db
    .select({
      id: assets.id,
      no: assets.no,
      partnerId: assets.partnerId,
      categoryId: assets.categoryId,
      lifeCycleState: assets.lifeCycleState,
      categoryEnabled: assetCategories.isEnabled,
      categoryFound: sql<boolean>`${assetCategories.id} is not null`,
    })
    .from(assets)
    .leftJoin(assetCategories, eq(assetCategories.id, assets.categoryId))
    .where(eq(assets.id, assetId));
  return row;
}

/** A site by id with its tax group (the ticket's service centre). */
export async function site(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: sites.id,
      type: sites.type,
      isArchived: sites.isArchived,
      taxGroupId: sites.taxGroupId,
      taxGroupName: taxGroups.name,
    })
    .from(sites)
    .leftJoin(taxGroups, eq(taxGroups.id, sites.taxGroupId))
    .where(eq(sites.id, id));
  return row;
}

/** The rate of each subject of a tax group in force at `at` (the latest effective time not after it). */
export async function ratesAt(db: DbOrTx, taxGroupId: string, at: Date): Promise<Map<string, number>> {
  const found = await db
    .selectDistinctOn([taxRates.subject], { subject: taxRates.subject, rate: taxRates.rate })
    .from(taxRates)
    .where(and(eq(taxRates.taxGroupId, taxGroupId), lte(taxRates.effectiveAt, at)))
    .orderBy(taxRates.subject, desc(taxRates.effectiveAt));
  return new Map(found.map((r) => [r.subject, Number(r.rate)]));
}

/** A line of the ticket's history (who did what when): the drafts and finalizations of its records. */
export async function insertTicketEvent(
  db: DbOrTx,
  scope: Scope,
  event: { ticketId: string; action: string; userId: string; data: Record<string, unknown> },
) {
  if (!(await ticket(db, scope, event.ticketId))) throw new Error('event of a ticket outside the scope');
  await db.insert(customerTicketEvents).values({ id: randomUUID(), ...event });
}

// ---- The checklist copied into a record ----

/**
 * A live checklist of an in-scope provider with its groups (in order), their work items and options: what a draft
 * copies. Checklists belong to their provider partner, so the caller's scope applies to it.
 */
export async function checklistForRecord(db: DbOrTx, scope: Scope, id: string) {
  const [checklist] = await db
    .select()
    .from(checklists)
    .where(and(inScope(scope, checklists.partnerId), eq(checklists.id, id), eq(checklists.status, 'Inuse')));
  if (!checklist) return undefined;
  const groups = await db
    .select()
    .from(checklistWorkItemGroups)
    .where(eq(checklistWorkItemGroups.checklistId, id))
    .orderBy(asc(checklistWorkItemGroups.position), asc(checklistWorkItemGroups.createdAt));
  const itemIds = [...new Set(groups.flatMap((g) => g.workItemIds))];
  const items = itemIds.length ? await db.select().from(workItems).where(inArray(workItems.id, itemIds)) : [];
  const options = itemIds.length
    ? await db
        .select()
        .from(workItemOptions)
        .where(inArray(workItemOptions.workItemId, itemIds))
        .orderBy(asc(workItemOptions.position), asc(workItemOptions.createdAt))
    : [];
  return { checklist, groups, items, options };
}
export type ChecklistForRecord = NonNullable<Awaited<ReturnType<typeof checklistForRecord>>>;

// ---- Effects of finalization on the asset ----

export async function setAssetLifeCycle(db: DbOrTx, scope: Scope, assetId: string, state: string) {
  await db
    .update(assets)
    .set({ lifeCycleState: state, updatedAt: sql`now()` })
    .where(and(inScope(scope, assets.partnerId), eq(assets.id, assetId)));
}

export async function insertAssetEvent(
  db: DbOrTx,
  event: { assetId: string; partnerId: string; type: string; occurredAt: Date; data: Record<string, unknown> },
) {
  await db.insert(assetEvents).values(event);
}

// ---- Attachments ----

export type AttachmentRow = typeof checklistRecordAttachments.$inferSelect;

/** The attachments of a record; the caller has read the record with its scope first. */
export async function attachments(db: DbOrTx, scope: Scope, recordId: string): Promise<AttachmentRow[]> {
  return db
    .select({ attachment: checklistRecordAttachments })
    .from(checklistRecordAttachments)
    .innerJoin(checklistRecords, eq(checklistRecords.id, checklistRecordAttachments.recordId))
    .where(and(inScope(scope, checklistRecords.partnerId), eq(checklistRecordAttachments.recordId, recordId)))
    .orderBy(asc(checklistRecordAttachments.createdAt), asc(checklistRecordAttachments.id))
    .then((rows) => rows.map((r) => r.attachment));
}

/** One attachment of an in-scope record. */
export async function attachment(
  db: DbOrTx,
  scope: Scope,
  recordId: string,
  attachmentId: string,
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select({ attachment: checklistRecordAttachments })
    .from(checklistRecordAttachments)
    .innerJoin(checklistRecords, eq(checklistRecords.id, checklistRecordAttachments.recordId))
    .where(
      and(
        inScope(scope, checklistRecords.partnerId),
        eq(checklistRecordAttachments.recordId, recordId),
        eq(checklistRecordAttachments.id, attachmentId),
      ),
    );
  return row?.attachment;
}

export async function insertAttachment(
  db: DbOrTx,
  scope: Scope,
  values: typeof checklistRecordAttachments.$inferInsert,
) {
  const [record] = await db
    .select({ id: checklistRecords.id })
    .from(checklistRecords)
    .where(and(inScope(scope, checklistRecords.partnerId), eq(checklistRecords.id, values.recordId)));
  if (!record) throw new Error('attachment of a record outside the scope');
  const [row] = await db.insert(checklistRecordAttachments).values(values).returning();
  return row as AttachmentRow;
}
