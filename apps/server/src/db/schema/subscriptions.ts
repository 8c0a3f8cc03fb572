import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { partners } from './account.ts';
import { assetCategories, assets } from './assets.ts';
import { timestamps } from './columns.ts';
import { payments } from './payments.ts';
import { sites } from './settings.ts';
import { customerTickets } from './workshop.ts';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/**
 * B2B subscription (document 2 §3; docs/decisions.md "Subscriptions"). Packages and orders belong to their
 * partner; periods, assets and trades to their order.
 */

export const subscriptionPackages = pgTable(
  'subscription_packages',
  {
    id: uuid('id').primaryKey(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => assetCategories.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscription_packages_partner_name_key').on(t.partnerId, sql`lower(${t.name})`),
    index('subscription_packages_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: uuid('id').primaryKey(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => subscriptionPackages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    basicFee: money('basic_fee').notNull(),
    usageFee: money('usage_fee').notNull(),
    usageFeeUpperLimit: money('usage_fee_upper_limit').notNull(),
    initialAvailability: integer('initial_availability').notNull(),
    /** Ride hours free of usage fee per period. */
    deductible: doublePrecision('deductible').notNull(),
    /** minutes | hours | days | weeks | months */
    durationUnit: text('duration_unit').notNull(),
    durationQuantity: integer('duration_quantity').notNull(),
    validSince: timestamp('valid_since', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    cannotBeFirstPlan: boolean('cannot_be_first_plan').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('subscription_plans_package_idx').on(t.packageId, t.position),
    check('subscription_plans_valid_range', sql`${t.validUntil} > ${t.validSince}`),
  ],
);

export const subscriptionOrderNoSeq = pgSequence('subscription_order_no_seq', { startWith: 1 });

export const subscriptionOrders = pgTable(
  'subscription_orders',
  {
    id: uuid('id').primaryKey(),
    /** "SO-000123", from subscription_order_no_seq. */
    no: text('no').notNull(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    packageId: uuid('package_id')
      .notNull()
      .references(() => subscriptionPackages.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => assetCategories.id),
    /** The plan of the latest fixed period. */
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    /** A change of plan waiting for the next period to be fixed. */
    nextPlanId: uuid('next_plan_id').references(() => subscriptionPlans.id),
    assetQuota: integer('asset_quota').notNull(),
    assetTransferSiteId: uuid('asset_transfer_site_id')
      .notNull()
      .references(() => sites.id),
    /** auto-renew | end-at-term */
    renewStrategy: text('renew_strategy').notNull(),
    terminateTime: timestamp('terminate_time', { withTimezone: true }),
    note: text('note').notNull().default(''),
    /** rolling | fixed */
    usagePeriodMode: text('usage_period_mode').notNull(),
    /** The fixed pattern's day of month (usage period mode fixed). */
    billingDayOfMonth: integer('billing_day_of_month'),
    /** credit-card | direct-debit */
    paymentType: text('payment_type').notNull(),
    paymentMethod: text('payment_method').notNull(),
    currency: text('currency').notNull(),
    /** The partner's IANA zone at subscription: period boundaries are on its calendar. */
    timezone: text('timezone').notNull(),
    /** subscribed | unsubscribing | finished */
    status: text('status').notNull().default('subscribed'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    /** The highest period sequence fixed so far (its plan, assets and basic trade are written). */
    fixedThrough: integer('fixed_through').notNull().default(1),
    /** When the period after `fixedThrough` is to be fixed; null when no period follows. */
    nextFixAt: timestamp('next_fix_at', { withTimezone: true }),
    /** When the order ends (the last period's end, or a forced close); finished once passed. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscription_orders_no_key').on(t.no),
    index('subscription_orders_partner_created_idx').on(t.partnerId, t.createdAt.desc(), t.id.desc()),
    index('subscription_orders_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('subscription_orders_next_fix_idx').on(t.nextFixAt).where(sql`${t.nextFixAt} is not null`),
    index('subscription_orders_ends_idx').on(t.endsAt).where(sql`${t.status} <> 'finished'`),
    // A package (or plan) in use cannot be deleted or its plan dropped: found by these, not by a scan.
    index('subscription_orders_package_idx').on(t.packageId),
    index('subscription_orders_plan_idx').on(t.planId),
  ],
);

/** One period of an order: its terms copied from the plan when it was fixed, so a later plan edit never reaches it. */
export const subscriptionPeriods = pgTable(
  'subscription_periods',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => subscriptionOrders.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    basicFee: money('basic_fee').notNull(),
    usageFee: money('usage_fee').notNull(),
    usageFeeUpperLimit: money('usage_fee_upper_limit').notNull(),
    deductible: doublePrecision('deductible').notNull(),
    assetCount: integer('asset_count').notNull(),
    /**
     * Periods of one plan are counted from an anchor (the first of them, or the fixed pattern's day), so that month
     * ends do not drift: period k after the anchor ends at anchor + (k + 1) × duration.
     */
    anchorAt: timestamp('anchor_at', { withTimezone: true }).notNull(),
    anchorOffset: integer('anchor_offset').notNull(),
    /** When its usage is final (the end plus the trips' lag): its usage trade is made then. */
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_periods_order_seq_key').on(t.orderId, t.sequence),
    index('subscription_periods_closes_idx').on(t.closesAt).where(sql`${t.closedAt} is null`),
    check('subscription_periods_range', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** An asset in an order from one period to another (until null: still held). */
export const subscriptionOrderAssets = pgTable(
  'subscription_order_assets',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => subscriptionOrders.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id),
    fromSequence: integer('from_sequence').notNull(),
    untilSequence: integer('until_sequence'),
    /** The usage mode the asset had before it was subscribed: it gets it back when released. */
    priorUsageMode: text('prior_usage_mode').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.assetId, t.fromSequence] }),
    // An asset is held by one order at a time: a race to subscribe it twice ends in a unique violation.
    uniqueIndex('subscription_order_assets_held_key').on(t.assetId).where(sql`${t.releasedAt} is null`),
  ],
);

/** Document 2 §4 trade states: Pending → Claimable → Processing → Succeeded | Failed; Canceled. */
export const subscriptionTrades = pgTable(
  'subscription_trades',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => subscriptionOrders.id, { onDelete: 'cascade' }),
    periodId: uuid('period_id')
      .notNull()
      .references(() => subscriptionPeriods.id, { onDelete: 'cascade' }),
    /** basic | usage | service */
    feeType: text('fee_type').notNull(),
    /** service: the B2B service ticket whose fee this trade bills (one trade per ticket). */
    ticketId: uuid('ticket_id').references(() => customerTickets.id),
    state: text('state').notNull(),
    amount: money('amount').notNull(),
    exempted: money('exempted').notNull().default(0),
    refunded: money('refunded').notNull().default(0),
    usageSeconds: doublePrecision('usage_seconds'),
    deductedSeconds: doublePrecision('deducted_seconds'),
    deducted: money('deducted').notNull().default(0),
    claimableAt: timestamp('claimable_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    paymentId: uuid('payment_id').references(() => payments.id),
    failureMessage: text('failure_message'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Each period's basic and usage trade once, whichever instance makes it; a service trade once per ticket.
    uniqueIndex('subscription_trades_period_fee_key').on(t.periodId, t.feeType).where(sql`${t.feeType} <> 'service'`),
    uniqueIndex('subscription_trades_ticket_key').on(t.ticketId),
    index('subscription_trades_order_idx').on(t.orderId, t.claimableAt.desc()),
    index('subscription_trades_open_idx')
      .on(t.state, t.claimableAt)
      .where(sql`${t.state} in ('Pending', 'Claimable', 'Processing', 'Failed')`),
    check('subscription_trades_amounts', sql`${t.amount} >= 0 and ${t.exempted} >= 0 and ${t.refunded} >= 0`),
  ],
);

/** Ride seconds of a trip already billed to an order: a late or longer trip adds only what is new, once. */
export const subscriptionTripUsage = pgTable(
  'subscription_trip_usage',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => subscriptionOrders.id, { onDelete: 'cascade' }),
    tripId: uuid('trip_id').notNull(),
    countedSeconds: doublePrecision('counted_seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.tripId] })],
);
