import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { assets } from './assets.ts';

/**
 * Trips (document 2 §3), built by the trip job from each asset's positions and events. One row per asset and
 * start time: rebuilding over the same data finds the same rows. Asset, partner and category are copied at
 * build time so the list filters and the partner scope read one table.
 */
export const trips = pgTable(
  'trips',
  {
    id: uuid('id').primaryKey(),
    assetId: uuid('asset_id').notNull(),
    partnerId: uuid('partner_id').notNull(),
    categoryId: uuid('category_id').notNull(),
    /** ongoing | stopped | finished */
    status: text('status').notNull(),
    /** movement | customer-renting-scan | user-relocation-collect | unlock */
    source: text('source').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    startLatitude: doublePrecision('start_latitude').notNull(),
    startLongitude: doublePrecision('start_longitude').notNull(),
    /** For an unfinished trip: its latest point so far. */
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    endLatitude: doublePrecision('end_latitude').notNull(),
    endLongitude: doublePrecision('end_longitude').notNull(),
    distanceM: doublePrecision('distance_m').notNull(),
    pointCount: integer('point_count').notNull(),
    /** When the builder last changed the row (unchanged on an identical rebuild). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trips_asset_start_key').on(t.assetId, t.startedAt),
    index('trips_started_idx').on(t.startedAt.desc(), t.id.desc()),
    index('trips_partner_started_idx').on(t.partnerId, t.startedAt.desc()),
    index('trips_open_idx').on(t.assetId).where(sql`status <> 'finished'`),
    // MDS /trips and /events read the trips that ended in an hour (issue 25).
    index('trips_finished_ended_idx').on(t.endedAt, t.id).where(sql`status = 'finished'`),
  ],
);

/**
 * Where each asset's trip building stands (docs/decisions.md "Trips"): its history is read up to `through`, and
 * `state` is the builder's state there (the open trip, the latest fix). The next round reads only what came after.
 */
export const tripCursors = pgTable('trip_cursors', {
  assetId: uuid('asset_id')
    .primaryKey()
    .references(() => assets.id, { onDelete: 'cascade' }),
  through: timestamp('through', { withTimezone: true }).notNull(),
  state: jsonb('state').notNull(),
});
