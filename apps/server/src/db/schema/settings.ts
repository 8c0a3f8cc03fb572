import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
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
import { timestamps } from './columns.ts';

export const taxGroups = pgTable(
  'tax_groups',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    country: text('country').notNull(),
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tax_groups_name_key').on(sql`lower(${t.name})`),
    index('tax_groups_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Every rate a tax group ever had, per subject. The rate in force at time T is the one with the latest
 * effective_at ≤ T; rates are appended, never edited, so invoices can always be recomputed.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey(),
    taxGroupId: uuid('tax_group_id')
      .notNull()
      .references(() => taxGroups.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    /** Percent, e.g. 22.000 for 22 %. */
    rate: numeric('rate', { precision: 6, scale: 3 }).notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tax_rates_group_subject_effective_key').on(t.taxGroupId, t.subject, t.effectiveAt)],
);

export const sites = pgTable(
  'sites',
  {
    id: uuid('id').primaryKey(),
    legacyId: integer('legacy_id'),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    taxGroupId: uuid('tax_group_id').references(() => taxGroups.id),
    name: text('name').notNull(),
    region: text('region'),
    /** service-center | station */
    type: text('type').notNull(),
    country: text('country'),
    city: text('city').notNull(),
    zip: text('zip'),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    phone: text('phone'),
    website: text('website'),
    openingHoursNote: text('opening_hours_note'),
    /** Metres around the coordinates that count as "at the site". */
    fenceRadius: integer('fence_radius'),
    note: text('note'),
    imageUrl: text('image_url'),
    appointmentUrl: text('appointment_url'),
    isArchived: boolean('is_archived').notNull().default(false),
    /** Published as a station of the partner's GBFS system (issue 25); capacity = its docks or parking places. */
    gbfsStation: boolean('gbfs_station').notNull().default(false),
    gbfsCapacity: integer('gbfs_capacity'),
    ...timestamps,
  },
  (t) => [
    index('sites_partner_idx').on(t.partnerId, t.isArchived),
    index('sites_tax_group_idx').on(t.taxGroupId),
    index('sites_created_at_idx').on(t.createdAt),
  ],
);

/** Values offered as suggestions in free-text fields, per key (document 1 §7.2 text suggestions). */
export const textSuggestions = pgTable(
  'text_suggestions',
  {
    /** Insertion order: values added in one request share their created_at. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('text_suggestions_key_value_key').on(t.key, sql`lower(${t.value})`)],
);
