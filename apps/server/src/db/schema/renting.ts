import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { partners } from './account.ts';
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
    ...timestamps,
  },
  (t) => [
    uniqueIndex('leases_active_asset_key').on(t.assetId).where(sql`${t.status} in ('InUse', 'Returning')`),
    index('leases_order_idx').on(t.orderId),
    index('leases_customer_active_idx').on(t.customerId).where(sql`${t.status} in ('InUse', 'Returning')`),
  ],
);
