import type { ProgramNotice } from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { partners } from './account.ts';
import { assetCategories } from './assets.ts';
import { timestamps } from './columns.ts';

/** The rental program of one partner and asset category; its parts live in their own tables. */
export const rentalPrograms = pgTable(
  'rental_programs',
  {
    id: uuid('id').primaryKey(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    assetCategoryId: uuid('asset_category_id')
      .notNull()
      .references(() => assetCategories.id),
    ...timestamps,
  },
  (t) => [uniqueIndex('rental_programs_partner_category_key').on(t.partnerId, t.assetCategoryId)],
);

const programKey = () =>
  uuid('program_id')
    .primaryKey()
    .references(() => rentalPrograms.id, { onDelete: 'cascade' });

/** Money is numeric(12,2): exact cents, answered as a number. */
const amount = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const programPricingParts = pgTable('program_pricing_parts', {
  programId: programKey(),
  unitPrice: amount('unit_price').notNull(),
  priceUnit: text('price_unit').notNull(),
  currency: text('currency').notNull(),
  rentalFeeNotice: jsonb('rental_fee_notice').$type<ProgramNotice>().notNull(),
  ...timestamps,
});

/** A payment plan of a pricing part; discounts point at it, so its id survives edits that keep it. */
export const programPaymentPlans = pgTable(
  'program_payment_plans',
  {
    id: uuid('id').primaryKey(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programPricingParts.programId, { onDelete: 'cascade' }),
    frequency: integer('frequency').notNull(),
    unit: text('unit').notNull(),
    priority: integer('priority').notNull(),
  },
  (t) => [uniqueIndex('program_payment_plans_frequency_key').on(t.programId, t.frequency, t.unit)],
);

export const programDepositParts = pgTable('program_deposit_parts', {
  programId: programKey(),
  amount: amount('amount').notNull(),
  currency: text('currency').notNull(),
  notice: jsonb('notice').$type<ProgramNotice>(),
  ...timestamps,
});

export const programRuleParts = pgTable('program_rule_parts', {
  programId: programKey(),
  assetRentalLimit: integer('asset_rental_limit').notNull(),
  manualConfirmationPolicy: text('manual_confirmation_policy').notNull(),
  crossSiteReturnPolicy: text('cross_site_return_policy').notNull(),
  returnLocationDetection: text('return_location_detection').notNull(),
  requireLocked: boolean('require_locked').notNull(),
  ...timestamps,
});

/**
 * A discount price of one payment plan. The original price it applies to is kept with it, so an ended
 * discount still tells what was charged after the price changed; open ones are deleted when the price changes.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey(),
    programId: uuid('program_id')
      .notNull()
      .references(() => rentalPrograms.id),
    paymentPlanId: uuid('payment_plan_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    unitPrice: amount('unit_price').notNull(),
    priceUnit: text('price_unit').notNull(),
    currency: text('currency').notNull(),
    planFrequency: integer('plan_frequency').notNull(),
    planUnit: text('plan_unit').notNull(),
    planPriority: integer('plan_priority').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('discounts_program_idx').on(t.programId, t.startTime),
    index('discounts_created_at_idx').on(t.createdAt),
    index('discounts_plan_idx').on(t.paymentPlanId).where(sql`${t.cancelledAt} is null`),
  ],
);
