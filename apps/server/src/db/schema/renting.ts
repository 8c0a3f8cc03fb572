import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
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
import { rentalPrograms } from './pricing.ts';
import { sites } from './settings.ts';

/**
 * A B2C renting order (document 2 §3 "Order"): one customer, one partner and category, the plan and price it
 * was opened with (kept, so later price changes never reprice it).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    assetCategoryId: uuid('asset_category_id')
      .notNull()
      .references(() => assetCategories.id),
    programId: uuid('program_id').references(() => rentalPrograms.id),
    status: text('status').notNull().default('New'),
    rentSiteId: uuid('rent_site_id').references(() => sites.id),
    returnSiteId: uuid('return_site_id').references(() => sites.id),
    paymentPlanId: uuid('payment_plan_id'),
    planFrequency: integer('plan_frequency'),
    planUnit: text('plan_unit'),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2, mode: 'number' }),
    priceUnit: text('price_unit'),
    discountId: uuid('discount_id'),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2, mode: 'number' }),
    currency: text('currency').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    nextPaymentTime: timestamp('next_payment_time', { withTimezone: true }),
    note: text('note'),
    paymentMethodId: uuid('payment_method_id'),
    /** InProgress until the lease starts (Completed) or the steps done are undone (Aborted). */
    checkoutState: text('checkout_state').notNull().default('InProgress'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** The deposit this checkout charges (null: none needed) and its ledger row. */
    depositAmount: numeric('deposit_amount', { precision: 12, scale: 2, mode: 'number' }),
    depositPaymentId: uuid('deposit_payment_id'),
    /** Set once the deposit is counted on the customer's deposit row, so it is counted once. */
    depositCreditedAt: timestamp('deposit_credited_at', { withTimezone: true }),
    /** One worker advances a checkout at a time: a lease on the row, not a lock held across provider calls. */
    advancingUntil: timestamp('advancing_until', { withTimezone: true }),
    endReason: text('end_reason'),
    createdBy: uuid('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    index('orders_customer_idx').on(t.customerId, t.status),
    index('orders_partner_created_idx').on(t.partnerId, t.createdAt),
  ],
);

/**
 * An asset on an order. While a lease is in use or returning it holds its asset: the partial unique index makes
 * "already rented out" a guarantee, not a check two checkouts could both pass.
 */
export const leases = pgTable(
  'leases',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    status: text('status').notNull().default('InUse'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    returnSubmittedAt: timestamp('return_submitted_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    /** The unlock command that starts the lease (assets without a device are handed over without one). */
    unlockRecordId: uuid('unlock_record_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('leases_active_asset_key').on(t.assetId).where(sql`${t.status} in ('InUse', 'Returning')`),
    index('leases_order_idx').on(t.orderId),
    // An MDS trip's lease: the lease of its asset that overlapped it (issue 25).
    index('leases_asset_started_idx').on(t.assetId, t.startedAt),
    index('leases_customer_active_idx').on(t.customerId).where(sql`${t.status} in ('InUse', 'Returning')`),
  ],
);

/**
 * One billed rent period of an order. Its charge is a ledger row (payments) keyed by the fee and the attempt, so a
 * retry after a lost answer never charges the same period twice.
 */
export const orderFees = pgTable(
  'order_fees',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    sequence: integer('sequence').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** Pending (not yet asked), Processing (asked), Paid, Owed (refused), Canceled (its checkout was undone). */
    status: text('status').notNull().default('Pending'),
    paymentId: uuid('payment_id'),
    attempts: integer('attempts').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('order_fees_order_sequence_key').on(t.orderId, t.sequence)],
);

/** Money staff forgave on an order, with the reason. */
export const orderExemptions = pgTable(
  'order_exemptions',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    userId: uuid('user_id').references(() => users.id),
    ...timestamps,
  },
  (t) => [index('order_exemptions_order_idx').on(t.orderId), check('order_exemptions_positive', sql`${t.amount} > 0`)],
);

/**
 * A customer's deposits with one partner for one asset category (document 2 §3 "Deposit"): how many deposits are
 * paid and for how much. Each lease of the category needs one; the payable quantity is the leases held.
 */
export const customerDeposits = pgTable(
  'customer_deposits',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    assetCategoryId: uuid('asset_category_id')
      .notNull()
      .references(() => assetCategories.id),
    currency: text('currency').notNull(),
    paidQuantity: integer('paid_quantity').notNull().default(0),
    paidAmount: numeric('paid_amount', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('customer_deposits_key').on(t.customerId, t.partnerId, t.assetCategoryId),
    check('customer_deposits_quantity', sql`${t.paidQuantity} >= 0`),
  ],
);

/**
 * A customer's application to get deposits back (document 2 §3), Waiting until staff approve or cancel it; staff
 * refunding directly write one already approved, so every deposit refund has one history. The refunds it made are
 * ledger rows, listed here.
 */
export const depositRefundApplications = pgTable(
  'deposit_refund_applications',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    assetCategoryId: uuid('asset_category_id')
      .notNull()
      .references(() => assetCategories.id),
    quantity: integer('quantity').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('Waiting'),
    refundStatus: text('refund_status'),
    refundPaymentIds: uuid('refund_payment_ids').array().notNull().default(sql`'{}'::uuid[]`),
    reviewerId: uuid('reviewer_id').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    index('deposit_refund_applications_status_idx').on(t.status, t.createdAt),
    index('deposit_refund_applications_customer_idx').on(t.customerId),
    check('deposit_refund_applications_quantity', sql`${t.quantity} > 0`),
  ],
);

/** A customer's wish to rent a category from a partner at a site within an appointment window (renting intents). */
export const rentingIntents = pgTable(
  'renting_intents',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    assetCategoryId: uuid('asset_category_id')
      .notNull()
      .references(() => assetCategories.id),
    siteId: uuid('site_id').references(() => sites.id),
    appointmentStartFrom: timestamp('appointment_start_from', { withTimezone: true }).notNull(),
    appointmentStartTo: timestamp('appointment_start_to', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('Pending'),
    orderId: uuid('order_id').references(() => orders.id),
    note: text('note'),
    cancelReason: text('cancel_reason'),
    ...timestamps,
  },
  (t) => [
    index('renting_intents_partner_created_idx').on(t.partnerId, t.createdAt),
    check('renting_intents_range', sql`${t.appointmentStartTo} > ${t.appointmentStartFrom}`),
  ],
);

/** The account's renting config: one row (id 1). Invoices are issued for rent paid since `invoiceEnabledAt`. */
export const rentingConfig = pgTable('renting_config', {
  id: integer('id').primaryKey(),
  invoiceEnabled: boolean('invoice_enabled').notNull().default(false),
  invoiceEnabledAt: timestamp('invoice_enabled_at', { withTimezone: true }),
  ...timestamps,
});

/** A partner's invoicing identity and its running invoice number. */
export const rentalConfigs = pgTable('rental_configs', {
  partnerId: uuid('partner_id')
    .primaryKey()
    .references(() => partners.id),
  invoicePrefix: text('invoice_prefix').notNull(),
  sellerName: text('seller_name').notNull(),
  vatNumber: text('vat_number'),
  invoiceFooter: text('invoice_footer'),
  nextInvoiceNo: integer('next_invoice_no').notNull().default(1),
  ...timestamps,
});

/** One invoice per paid rent period; its amounts and tax are fixed when it is issued. */
export const orderInvoices = pgTable(
  'order_invoices',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    feeId: uuid('fee_id')
      .notNull()
      .references(() => orderFees.id),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    invoiceNo: text('invoice_no').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    gross: numeric('gross', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    net: numeric('net', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    tax: numeric('tax', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    taxRate: numeric('tax_rate', { precision: 6, scale: 3, mode: 'number' }),
    taxGroupId: uuid('tax_group_id'),
    taxGroupName: text('tax_group_name'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('order_invoices_fee_key').on(t.feeId),
    uniqueIndex('order_invoices_no_key').on(t.partnerId, t.invoiceNo),
    index('order_invoices_order_idx').on(t.orderId, t.issuedAt),
  ],
);
