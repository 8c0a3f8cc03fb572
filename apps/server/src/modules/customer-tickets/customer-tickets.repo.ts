import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  assetCategories,
  assets,
  customerPaymentMethods,
  customers,
  customerTicketAdjustments,
  customerTicketEvents,
  customerTicketInvoices,
  customerTickets,
  leases,
  operationSettings,
  orders,
  partners,
  payments,
  rentalConfigs,
  sites,
  subscriptionOrders,
  subscriptionTrades,
  taxGroups,
  ticketPhotos,
  users,
} from '../../db/schema/index.ts';
import { inScope, rows } from '../../db/sql.ts';
import { assertPartnerInScope, type Scope } from '../../lib/scope.ts';

/** The ledger's subject type of a ticket's charges and refunds (`payments.subject_type`). */
export const TICKET_SUBJECT = 'customer-ticket';

export type TicketRow = typeof customerTickets.$inferSelect;
export type NewTicket = typeof customerTickets.$inferInsert;

/**
 * One name a ticket points at, as a scalar subquery rather than a join: a summary read of ten joins cost PostgreSQL
 * ~30 ms to plan (join order search) for 1–2 ms of execution; subqueries by primary key plan separately and cheaply.
 */
const nameOf = (table: AnyPgTable, column: AnyPgColumn, key: AnyPgColumn, ref: AnyPgColumn) =>
  sql<string | null>`(select ${column} from ${table} where ${key} = ${ref})`;

/** Sum of the ticket's ledger rows of one kind that succeeded (numeric → number). */
const ledgerSum = (kind: 'charge' | 'refund', status = 'Succeeded') =>
  sql<string>`coalesce((select sum(${payments.amount}) from ${payments} where ${payments.subjectType} = ${TICKET_SUBJECT} and ${payments.subjectId} = ${customerTickets.id} and ${payments.kind} = ${kind} and ${payments.status} = ${status}), 0)`;

/**
 * The columns of a ticket summary: the row, the names it points at and the money figures from the ledger and the
 * adjustments. `toTicketSummary` (ticket-view.ts) maps them; list queries reuse `selectSummaries` and add their
 * WHERE / ORDER BY / LIMIT.
 */
export const summaryColumns = {
  ticket: customerTickets,
  assetNo: assets.no,
  assetLifeCycleState: assets.lifeCycleState,
  categoryName: nameOf(assetCategories, assetCategories.name, assetCategories.id, customerTickets.categoryId),
  assetPartnerName: nameOf(partners, partners.name, partners.id, customerTickets.assetPartnerId),
  providerName: nameOf(partners, partners.name, partners.id, customerTickets.providerPartnerId),
  centerName: nameOf(sites, sites.name, sites.id, customerTickets.centerSiteId),
  customerFirstName: customers.firstName,
  customerLastName: customers.lastName,
  customerPhoneNo: customers.phoneNo,
  customerEmail: customers.email,
  mechanicName: nameOf(users, users.name, users.id, customerTickets.mechanicUserId),
  swappedAssetNo: nameOf(assets, assets.no, assets.id, customerTickets.swappedAssetId),
  orderNo: nameOf(orders, orders.orderNo, orders.id, customerTickets.orderId),
  subscriptionOrderNo: nameOf(
    subscriptionOrders,
    subscriptionOrders.no,
    subscriptionOrders.id,
    customerTickets.subscriptionOrderId,
  ),
  /** B2B: the service trade billing the fee, as `id|state|amount|exempted|refunded` (one subquery, not five). */
  serviceTrade: sql<
    string | null
  >`(select ${subscriptionTrades.id} || '|' || ${subscriptionTrades.state} || '|' || ${subscriptionTrades.amount} || '|' || ${subscriptionTrades.exempted} || '|' || ${subscriptionTrades.refunded} from ${subscriptionTrades} where ${subscriptionTrades.ticketId} = ${customerTickets.id})`,
  /** Charges that succeeded (before refunds). */
  charged: ledgerSum('charge'),
  /** Refunds that succeeded. */
  refunded: ledgerSum('refund'),
  /** Charges the provider has not answered yet. */
  chargePending: ledgerSum('charge', 'Pending'),
  exempted: sql<string>`coalesce((select sum(${customerTicketAdjustments.amount}) from ${customerTicketAdjustments} where ${customerTicketAdjustments.ticketId} = ${customerTickets.id} and ${customerTicketAdjustments.kind} = 'exempt'), 0)`,
};

export type TicketSummaryRow = {
  ticket: TicketRow;
  assetNo: string;
  assetLifeCycleState: string;
  categoryName: string;
  assetPartnerName: string;
  providerName: string | null;
  centerName: string | null;
  customerFirstName: string | null;
  customerLastName: string | null;
  customerPhoneNo: string | null;
  customerEmail: string | null;
  mechanicName: string | null;
  swappedAssetNo: string | null;
  orderNo: string | null;
  subscriptionOrderNo: string | null;
  serviceTrade: string | null;
  charged: string | number;
  refunded: string | number;
  chargePending: string | number;
  exempted: string | number;
};

/** Tickets joined with their names and money figures; the caller adds WHERE (with the scope!), ORDER BY, LIMIT. */
export function selectSummaries(db: DbOrTx) {
  return db
    .select(summaryColumns)
    .from(customerTickets)
    .innerJoin(assets, eq(assets.id, customerTickets.assetId))
    .leftJoin(customers, eq(customers.id, customerTickets.customerId));
}

/** The scope condition of every ticket query: the asset's partner. */
export const ticketInScope = (scope: Scope): SQL | undefined => inScope(scope, customerTickets.assetPartnerId);

/** Summaries of the given tickets in scope (any order; out of scope or missing ones are left out). */
export async function summaries(db: DbOrTx, scope: Scope, ids: readonly string[]): Promise<TicketSummaryRow[]> {
  if (ids.length === 0) return [];
  return (await selectSummaries(db).where(
    and(inArray(customerTickets.id, [...ids]), ticketInScope(scope)),
  )) as TicketSummaryRow[];
}

/** One ticket's summary in scope, or undefined (missing or another partner's: the same 404). */
export async function summary(db: DbOrTx, scope: Scope, id: string): Promise<TicketSummaryRow | undefined> {
  const [row] = await summaries(db, scope, [id]);
  return row;
}

/** The ticket row in scope, locked `for update` when asked (actions serialise on it). */
export async function byId(db: DbOrTx, scope: Scope, id: string, opts: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(customerTickets)
    .where(and(eq(customerTickets.id, id), ticketInScope(scope)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

export async function insert(db: DbOrTx, scope: Scope, row: NewTicket): Promise<void> {
  assertPartnerInScope(scope, row.assetPartnerId);
  await db.insert(customerTickets).values(row);
}

/** The next ticket number from the sequence ("T-000123"). */
export async function nextTicketNo(db: DbOrTx): Promise<string> {
  const result = (await db.execute(sql`select nextval('customer_ticket_no_seq')::bigint as n`)) as unknown as {
    rows: { n: string | number }[];
  };
  return `T-${String(result.rows[0]?.n ?? 0).padStart(6, '0')}`;
}

export async function update(
  db: DbOrTx,
  scope: Scope,
  id: string,
  values: Partial<Omit<NewTicket, 'id' | 'assetPartnerId'>>,
): Promise<void> {
  await db
    .update(customerTickets)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(customerTickets.id, id), ticketInScope(scope)));
}

/** Deletes a ticket in scope with its history (a B2B ticket withdrawn before check-in: no records, no money). */
export async function remove(db: DbOrTx, scope: Scope, id: string): Promise<void> {
  await db.delete(customerTickets).where(and(eq(customerTickets.id, id), ticketInScope(scope)));
}

export type TicketPhotoRow = typeof ticketPhotos.$inferSelect;

/** The ticket's photos, oldest first (the ticket was read in scope first). */
export async function photos(db: DbOrTx, ticketId: string): Promise<TicketPhotoRow[]> {
  return db
    .select()
    .from(ticketPhotos)
    .where(eq(ticketPhotos.ticketId, ticketId))
    .orderBy(ticketPhotos.createdAt, ticketPhotos.id);
}

export async function photo(db: DbOrTx, ticketId: string, photoId: string): Promise<TicketPhotoRow | undefined> {
  const [row] = await db
    .select()
    .from(ticketPhotos)
    .where(and(eq(ticketPhotos.ticketId, ticketId), eq(ticketPhotos.id, photoId)));
  return row;
}

export async function insertPhoto(db: DbOrTx, row: typeof ticketPhotos.$inferInsert): Promise<void> {
  await db.insert(ticketPhotos).values(row);
}

export async function deletePhoto(db: DbOrTx, ticketId: string, photoId: string): Promise<void> {
  await db.delete(ticketPhotos).where(and(eq(ticketPhotos.ticketId, ticketId), eq(ticketPhotos.id, photoId)));
}

export async function insertEvent(db: DbOrTx, event: typeof customerTicketEvents.$inferInsert): Promise<void> {
  await db.insert(customerTicketEvents).values(event);
}

/** The ticket's history, newest first, with the names of the users (the ticket was read in scope first). */
export async function events(db: DbOrTx, ticketId: string) {
  return db
    .select({ event: customerTicketEvents, userName: users.name })
    .from(customerTicketEvents)
    .leftJoin(users, eq(users.id, customerTicketEvents.userId))
    .where(eq(customerTicketEvents.ticketId, ticketId))
    .orderBy(sql`${customerTicketEvents.at} desc`, sql`${customerTicketEvents.id} desc`);
}

export async function adjustments(db: DbOrTx, ticketId: string) {
  return db
    .select({ adjustment: customerTicketAdjustments, userName: users.name })
    .from(customerTicketAdjustments)
    .leftJoin(users, eq(users.id, customerTicketAdjustments.userId))
    .where(eq(customerTicketAdjustments.ticketId, ticketId))
    .orderBy(sql`${customerTicketAdjustments.createdAt} desc`);
}

export async function insertAdjustment(db: DbOrTx, row: typeof customerTicketAdjustments.$inferInsert): Promise<void> {
  await db.insert(customerTicketAdjustments).values(row);
}

/** The ledger rows of a ticket, newest first. */
export async function ticketPayments(db: DbOrTx, ticketId: string) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.subjectType, TICKET_SUBJECT), eq(payments.subjectId, ticketId)))
    .orderBy(sql`${payments.createdAt} desc`, sql`${payments.id} desc`);
}

export type TicketInvoiceRow = typeof customerTicketInvoices.$inferSelect;

export async function invoiceOf(db: DbOrTx, ticketId: string): Promise<TicketInvoiceRow | undefined> {
  const [row] = await db.select().from(customerTicketInvoices).where(eq(customerTicketInvoices.ticketId, ticketId));
  return row;
}

export async function insertInvoice(db: DbOrTx, row: typeof customerTicketInvoices.$inferInsert): Promise<void> {
  await db.insert(customerTicketInvoices).values(row);
}

export async function setInvoiceEmailStatus(db: DbOrTx, ticketId: string, status: 'pending' | 'sent' | 'failed') {
  await db
    .update(customerTicketInvoices)
    .set({ emailStatus: status, updatedAt: new Date() })
    .where(eq(customerTicketInvoices.ticketId, ticketId));
}

/** How many charges the ledger holds for the ticket (the next attempt's number is one more). */
export async function chargeCount(db: DbOrTx, ticketId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(
      and(eq(payments.subjectType, TICKET_SUBJECT), eq(payments.subjectId, ticketId), eq(payments.kind, 'charge')),
    );
  return row?.n ?? 0;
}

/** Refund adjustments recorded so far, in cents (what has been or is being given back). */
export async function refundAdjustedCents(db: DbOrTx, ticketId: string): Promise<number> {
  const [row] = await rows<{ total: number }>(
    db,
    sql`select coalesce(sum(round(amount * 100)), 0)::int as total from customer_ticket_adjustments
        where ticket_id = ${ticketId} and kind = 'refund'`,
  );
  return row?.total ?? 0;
}

/** The ticket's succeeded charges, latest first, with what is left of each after refunds (Pending ones count). */
export async function refundableCharges(db: DbOrTx, ticketId: string) {
  return rows<{ id: string; left_cents: number }>(
    db,
    sql`select p.id, (round(p.amount * 100) - coalesce((select sum(round(r.amount * 100)) from payments r
          where r.parent_id = p.id and r.kind = 'refund' and r.status in ('Pending', 'Succeeded')), 0))::int as left_cents
        from payments p where p.subject_type = ${TICKET_SUBJECT} and p.subject_id = ${ticketId}
          and p.kind = 'charge' and p.status = 'Succeeded'
        order by p.created_at desc, p.id desc`,
  );
}

/** The order an asset is out on now (a lease in use or returning), in scope. */
export async function openOrderOfAsset(db: DbOrTx, scope: Scope, assetId: string) {
  const [row] = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      customerId: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phoneNo: customers.phoneNo,
    })
    .from(leases)
    .innerJoin(orders, eq(orders.id, leases.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        eq(leases.assetId, assetId),
        inArray(leases.status, ['InUse', 'Returning']),
        inScope(scope, orders.partnerId),
      ),
    )
    .limit(1);
  return row;
}

/** An asset of the scope by number, with its category and partner names. */
export async function assetByNo(db: DbOrTx, scope: Scope, no: string) {
  const [row] = await db
    .select({
      id: assets.id,
      no: assets.no,
      partnerId: assets.partnerId,
      partnerName: partners.name,
      categoryId: assets.categoryId,
      categoryName: assetCategories.name,
      lifeCycleState: assets.lifeCycleState,
      usageMode: assets.usageMode,
    })
    .from(assets)
    .innerJoin(partners, eq(partners.id, assets.partnerId))
    .innerJoin(assetCategories, eq(assetCategories.id, assets.categoryId))
    .where(and(eq(assets.no, no), inScope(scope, assets.partnerId)));
  return row;
}

/** A live service centre of a partner in scope. */
export async function serviceCenter(db: DbOrTx, scope: Scope, siteId: string) {
  const [row] = await db
    .select({ id: sites.id, partnerId: sites.partnerId, taxGroupId: sites.taxGroupId, taxGroupName: taxGroups.name })
    .from(sites)
    .leftJoin(taxGroups, eq(taxGroups.id, sites.taxGroupId))
    .where(
      and(
        eq(sites.id, siteId),
        eq(sites.type, 'service-center'),
        eq(sites.isArchived, false),
        inScope(scope, sites.partnerId),
      ),
    );
  return row;
}

/** The currency of a partner's operation setting (undefined: none yet). */
export async function partnerCurrency(db: DbOrTx, scope: Scope, partnerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ currency: operationSettings.currency })
    .from(operationSettings)
    .where(and(eq(operationSettings.partnerId, partnerId), inScope(scope, operationSettings.partnerId)));
  return row?.currency;
}

/** A live customer holding this e-mail address (any partner: the e-mail signs in to the shared account). */
export async function customerIdByEmail(db: DbOrTx, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(sql`lower(${customers.email}) = lower(${email})`, isNull(customers.deletedAt)))
    .limit(1);
  return row?.id;
}

/** What charging a ticket's customer needs: the e-mail for the receipt and the newest valid card on file. */
export async function chargeTarget(db: DbOrTx, customerId: string) {
  const [customer] = await db
    .select({ email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, customerId));
  const [card] = await db
    .select({ providerRef: customerPaymentMethods.providerRef })
    .from(customerPaymentMethods)
    .where(
      and(
        eq(customerPaymentMethods.customerId, customerId),
        isNull(customerPaymentMethods.deletedAt),
        eq(customerPaymentMethods.valid, true),
      ),
    )
    .orderBy(desc(customerPaymentMethods.createdAt), desc(customerPaymentMethods.id))
    .limit(1);
  return customer
    ? { email: customer.email, firstName: customer.firstName, card: card?.providerRef ?? null }
    : undefined;
}

/** A staff member who might be assigned: live, with their permissions and partner scope. */
export async function staffMember(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      permissions: users.permissions,
      appPermissions: users.appPermissions,
      allPartners: users.allPartners,
      partnerIds: users.partnerIds,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The partner's invoicing series (rental config), locked while a number is taken; undefined without one. */
export async function lockInvoiceSeries(db: DbOrTx, scope: Scope, partnerId: string) {
  const [row] = await db
    .select({ prefix: rentalConfigs.invoicePrefix, next: rentalConfigs.nextInvoiceNo })
    .from(rentalConfigs)
    .where(and(eq(rentalConfigs.partnerId, partnerId), inScope(scope, rentalConfigs.partnerId)))
    .for('update');
  return row;
}

export async function advanceInvoiceSeries(db: DbOrTx, scope: Scope, partnerId: string, next: number) {
  await db
    .update(rentalConfigs)
    .set({ nextInvoiceNo: next, updatedAt: new Date() })
    .where(and(eq(rentalConfigs.partnerId, partnerId), inScope(scope, rentalConfigs.partnerId)));
}
