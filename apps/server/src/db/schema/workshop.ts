import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { partners, users } from './account.ts';
import { assetCategories, assets } from './assets.ts';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';
import { orders } from './renting.ts';
import { sites } from './settings.ts';
import { subscriptionOrders } from './subscriptions.ts';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/**
 * The workshop (document 2 §3 "Checklist, work item, record" and "Service ticket"). Work items and checklists
 * belong to their provider partner; records and tickets to the asset's partner (the scope every call applies).
 */

/** A job a mechanic can do ("Brake pads"), with the options it can be done with. Inuse | Deleted (archived). */
export const workItems = pgTable(
  'work_items',
  {
    id: uuid('id').primaryKey(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    name: text('name').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    /** single | multiple: how many options one result may choose. */
    resultMode: text('result_mode').notNull().default('single'),
    status: text('status').notNull().default('Inuse'),
    ...timestamps,
  },
  (t) => [
    // Unique per provider among live items: an archived name may be reused.
    uniqueIndex('work_items_partner_name_key').on(t.partnerId, sql`lower(${t.name})`).where(sql`${t.status} = 'Inuse'`),
    index('work_items_partner_created_idx').on(t.partnerId, t.createdAt),
  ],
);

/** One way to do a work item: labour or a hardware part, with its cost and (optional) price. */
export const workItemOptions = pgTable(
  'work_item_options',
  {
    id: uuid('id').primaryKey(),
    workItemId: uuid('work_item_id')
      .notNull()
      .references(() => workItems.id, { onDelete: 'cascade' }),
    /** labour | hardware */
    type: text('type').notNull(),
    name: text('name').notNull(),
    costAmount: money('cost_amount').notNull().default(0),
    /** Null: recorded only, never charged; any number (0 included) is charged (document 2 §5). */
    price: money('price'),
    description: text('description'),
    imageUrl: text('image_url'),
    /** Inventory product SKU; required for a hardware option when a record uses it. */
    sku: text('sku'),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('work_item_options_name_key').on(t.workItemId, sql`lower(${t.name})`),
    check('work_item_options_cost_nonnegative', sql`${t.costAmount} >= 0`),
    check('work_item_options_price_nonnegative', sql`${t.price} IS NULL OR ${t.price} >= 0`),
  ],
);

/** A named list of work item groups for assets of some categories. Inuse | Deleted (archived). */
export const checklists = pgTable(
  'checklists',
  {
    id: uuid('id').primaryKey(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    name: text('name').notNull(),
    description: text('description'),
    /** The asset categories the checklist applies to (assetCategoryScope). */
    assetCategoryIds: uuid('asset_category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    basicCostAmount: money('basic_cost_amount').notNull().default(0),
    /** The lifecycle set on the asset when a record of this checklist is finalized; null leaves it. */
    assetLifeCyclePreferTo: text('asset_life_cycle_prefer_to'),
    status: text('status').notNull().default('Inuse'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('checklists_partner_name_key').on(t.partnerId, sql`lower(${t.name})`).where(sql`${t.status} = 'Inuse'`),
    index('checklists_partner_created_idx').on(t.partnerId, t.createdAt),
  ],
);

export const checklistWorkItemGroups = pgTable(
  'checklist_work_item_groups',
  {
    id: uuid('id').primaryKey(),
    checklistId: uuid('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** A required group must be worked on every record; an optional one may be skipped. */
    isRequired: boolean('is_required').notNull().default(true),
    isAllWorkItemsRequired: boolean('is_all_work_items_required').notNull().default(false),
    workItemIds: uuid('work_item_ids').array().notNull().default(sql`'{}'::uuid[]`),
    imageUrl: text('image_url'),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('checklist_work_item_groups_name_key').on(t.checklistId, sql`lower(${t.name})`),
    index('checklist_work_item_groups_checklist_idx').on(t.checklistId, t.position),
  ],
);

/** Numbers the tickets people read ("T-000123"); a sequence, so concurrent creates never collide. */
export const customerTicketNoSeq = pgSequence('customer_ticket_no_seq', { startWith: 1 });

/**
 * A service ticket: an asset in a service centre, worked by a mechanic. `b2c`: opened by the workshop, paid by the
 * customer's card. `b2b` (issue 24): opened by a subscribing partner's staff for a subscribed asset, its centre named
 * at check-in, its fee billed to the subscription order as a `service` trade. One table, so the state machine,
 * checklist records, lists and indexes are one piece (docs/decisions.md "B2B service tickets").
 */
export const customerTickets = pgTable(
  'customer_tickets',
  {
    id: uuid('id').primaryKey(),
    /** Human number shown on screens and invoices ("T-000123"), from the sequence customer_ticket_no_seq. */
    ticketNo: text('ticket_no').notNull(),
    /** b2c | b2b */
    kind: text('kind').notNull().default('b2c'),
    /** b2b: the subscription order holding the asset when the ticket was opened. */
    subscriptionOrderId: uuid('subscription_order_id').references(() => subscriptionOrders.id),
    /** The asset's partner: the scope every call applies. */
    assetPartnerId: uuid('asset_partner_id')
      .notNull()
      .references(() => partners.id),
    /** The partner whose service centre works the ticket (document 2 "provider"); b2b: null until check-in. */
    providerPartnerId: uuid('provider_partner_id').references(() => partners.id),
    centerSiteId: uuid('center_site_id').references(() => sites.id),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => assetCategories.id),
    customerId: uuid('customer_id').references(() => customers.id),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    /** new | checked-in | processing | paused | finished (shown Ready) | unsuccessful | completed */
    status: text('status').notNull().default('new'),
    mechanicUserId: uuid('mechanic_user_id').references(() => users.id),
    /** regular | swapped | return */
    operationType: text('operation_type').notNull().default('regular'),
    swappedAssetId: uuid('swapped_asset_id').references(() => assets.id),
    /** The open order a "return" ticket belongs to. */
    orderId: uuid('order_id').references(() => orders.id),
    /** Issue categories of document 2 (Priority, Battery, …). */
    issues: text('issues').array().notNull().default(sql`'{}'::text[]`),
    comment: text('comment'),
    checkInNote: text('check_in_note'),
    pauseReason: text('pause_reason'),
    pauseNote: text('pause_note'),
    failReason: text('fail_reason'),
    currency: text('currency').notNull(),
    /** The fees of the finalized, not excluded records, fixed at finish (null before). */
    serviceFee: money('service_fee'),
    exemptRefundAmount: money('exempt_refund_amount').notNull().default(0),
    exemptRefundReason: text('exempt_refund_reason'),
    /** When the last charge was attempted ($finish or $charge): $charge opens again 24 h later. */
    lastChargeAt: timestamp('last_charge_at', { withTimezone: true }),
    /** Working time in minutes, summed from processing spells. */
    durationMinutes: integer('duration_minutes').notNull().default(0),
    processingSince: timestamp('processing_since', { withTimezone: true }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('customer_tickets_no_key').on(t.ticketNo),
    // One open ticket per asset (TicketAlreadyExists), enforced by the database, not by a read-then-write.
    uniqueIndex('customer_tickets_open_asset_key')
      .on(t.assetId)
      .where(sql`${t.status} NOT IN ('completed', 'unsuccessful')`),
    index('customer_tickets_partner_created_idx').on(t.assetPartnerId, t.createdAt),
    index('customer_tickets_partner_status_created_idx').on(t.assetPartnerId, t.status, t.createdAt),
    index('customer_tickets_mechanic_status_created_idx').on(t.mechanicUserId, t.status, t.createdAt),
    index('customer_tickets_created_idx').on(t.createdAt),
    index('customer_tickets_customer_idx').on(t.customerId),
    index('customer_tickets_asset_idx').on(t.assetId, t.createdAt),
    // The ticket lists at a million tickets (docs/performance.md "Service ticket lists"): every view but "all"
    // holds open tickets only, a few thousand, read and counted from this partial index; the list's sort keys
    // and the centre filter each have an index for the "all" view.
    index('customer_tickets_open_idx')
      .on(t.assetPartnerId, t.status, t.mechanicUserId, t.createdAt)
      .where(sql`${t.status} in ('new', 'checked-in', 'processing', 'paused', 'finished')`),
    index('customer_tickets_updated_idx').on(t.updatedAt),
    index('customer_tickets_status_created_idx').on(t.status, t.createdAt),
    index('customer_tickets_center_created_idx').on(t.centerSiteId, t.createdAt),
    // The search by contact name: the start of the name, case-insensitive.
    index('customer_tickets_contact_name_idx').on(sql`lower(${t.contactName}) text_pattern_ops`),
    // B2B tickets are few beside the B2C ones: their lists read this index, never the B2C ones.
    index('customer_tickets_b2b_idx').on(t.assetPartnerId, t.createdAt).where(sql`${t.kind} = 'b2b'`),
    index('customer_tickets_subscription_order_idx').on(t.subscriptionOrderId),
  ],
);

/** The photos a B2B ticket's reporter attached (images only; the workshop's are the records' attachments). */
export const ticketPhotos = pgTable(
  'ticket_photos',
  {
    id: uuid('id').primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => customerTickets.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    fileName: text('file_name'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_photos_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** What happened to a ticket, who did it and when: the history on the detail and the pause records. */
export const customerTicketEvents = pgTable(
  'customer_ticket_events',
  {
    id: uuid('id').primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => customerTickets.id, { onDelete: 'cascade' }),
    /** create | check-in | start | pause | resume | finish | complete | fail | assign | comment | contact-info |
     * check-in-note | charge | exempt | refund | exclude-record | submit-draft | invoice */
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    userId: uuid('user_id').references(() => users.id),
    data: jsonb('data').notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_ticket_events_ticket_idx').on(t.ticketId, t.at)],
);

/** Amounts a ticket's fees were forgiven (exempt, before payment) or given back (refund, after payment). */
export const customerTicketAdjustments = pgTable(
  'customer_ticket_adjustments',
  {
    id: uuid('id').primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => customerTickets.id, { onDelete: 'cascade' }),
    /** exempt | refund */
    kind: text('kind').notNull(),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    /** The refund's ledger row. */
    paymentId: uuid('payment_id'),
    userId: uuid('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_ticket_adjustments_ticket_idx').on(t.ticketId),
    check('customer_ticket_adjustments_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** One invoice per finished ticket; its lines, amounts and tax are fixed when it is issued. */
export const customerTicketInvoices = pgTable(
  'customer_ticket_invoices',
  {
    id: uuid('id').primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => customerTickets.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    invoiceNo: text('invoice_no').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    currency: text('currency').notNull(),
    lines: jsonb('lines').notNull().default([]),
    net: money('net').notNull(),
    tax: money('tax').notNull(),
    gross: money('gross').notNull(),
    taxGroupId: uuid('tax_group_id'),
    taxGroupName: text('tax_group_name'),
    /** pending | sent | failed: the e-mail to the customer; a failed send keeps the invoice. */
    emailStatus: text('email_status').notNull().default('pending'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('customer_ticket_invoices_ticket_key').on(t.ticketId),
    uniqueIndex('customer_ticket_invoices_no_key').on(t.partnerId, t.invoiceNo),
  ],
);

/**
 * A checklist worked on an asset. The checklist, its groups, items and options are copied into `snapshot` when
 * the draft is submitted, so editing the checklist later never changes a record. New | Finish.
 */
export const checklistRecords = pgTable(
  'checklist_records',
  {
    id: uuid('id').primaryKey(),
    /** The asset's partner: the scope every call applies. */
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id),
    checklistId: uuid('checklist_id')
      .notNull()
      .references(() => checklists.id),
    ticketId: uuid('ticket_id').references(() => customerTickets.id),
    siteId: uuid('site_id').references(() => sites.id),
    snapshot: jsonb('snapshot').notNull(),
    /** Per group and work item: the options chosen (with quantity) and the result note. */
    results: jsonb('results').notNull().default([]),
    comment: text('comment'),
    durationMinutes: integer('duration_minutes').notNull().default(0),
    /** New | Finish */
    status: text('status').notNull().default('New'),
    currency: text('currency').notNull(),
    /** What the customer is charged for the record (priced options + the checklist's basic cost), tax included. */
    chargeTotal: money('charge_total').notNull().default(0),
    /** What the work cost the workshop (cost amounts). */
    costTotal: money('cost_total').notNull().default(0),
    /** The cost statement fixed at finalization (tax rates in force then). */
    costStatement: jsonb('cost_statement'),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    excludedAt: timestamp('excluded_at', { withTimezone: true }),
    excludedBy: uuid('excluded_by').references(() => users.id),
    createdBy: uuid('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('checklist_records_partner_created_idx').on(t.partnerId, t.createdAt),
    index('checklist_records_asset_idx').on(t.assetId, t.createdAt),
    index('checklist_records_ticket_idx').on(t.ticketId),
    index('checklist_records_checklist_idx').on(t.checklistId),
  ],
);

/** Photos and short videos of a record, or of one work item of it; the bytes live in file storage. */
export const checklistRecordAttachments = pgTable(
  'checklist_record_attachments',
  {
    id: uuid('id').primaryKey(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => checklistRecords.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id'),
    workItemId: uuid('work_item_id'),
    /** image | video */
    kind: text('kind').notNull(),
    /** The caption ("content") given with the file. */
    content: text('content'),
    fileName: text('file_name'),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checklist_record_attachments_record_idx').on(t.recordId, t.createdAt)],
);
