import { sql } from 'drizzle-orm';
import {
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { partners, users } from './account.ts';
import { assets } from './assets.ts';

/**
 * The live fleet (issue 5). Devices are named by their IoT device number (assets.iot_device_no); history rows
 * carry the asset id as well, so a trail is one index range whether or not the device was swapped since.
 */

/** What the fleet knows of a device beyond its binding: presence and the configuration it confirmed. */
export const iotDevices = pgTable('iot_devices', {
  no: text('no').primaryKey(),
  vendor: text('vendor'),
  /** online | offline, from the presence topic (retained, with the broker's last will). */
  presence: text('presence').notNull().default('offline'),
  presenceChangedAt: timestamp('presence_changed_at', { withTimezone: true }),
  /** Config items the device confirmed, merged as each config record succeeds. */
  config: jsonb('config').notNull().default({}),
  firmware: text('firmware'),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Position history: append-only, the biggest table of the product. A trail is "one asset, a time range":
 * the btree on (asset_id, recorded_at) answers it with one index range; the BRIN on received order serves
 * fleet-wide time windows (all-trail) at a few pages of index per billion rows.
 */
export const assetPositions = pgTable(
  'asset_positions',
  {
    // No surrogate key: nothing points at a single position, and every index costs ingest throughput.
    assetId: uuid('asset_id').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    altitude: real('altitude'),
    /** km/h */
    velocity: real('velocity'),
    chargePct: smallint('charge_pct'),
  },
  (t) => [
    // Every trail read wants exactly these columns: with them in the key the read is an index-only scan over
    // one asset's contiguous entries, whereas the heap holds a device-day scattered over thousands of pages
    // (positions arrive interleaved from the whole fleet).
    index('asset_positions_trail_idx').on(t.assetId, t.recordedAt, t.latitude, t.longitude, t.velocity),
    index('asset_positions_time_brin').using('brin', t.recordedAt),
  ],
);

/**
 * Device events and alarms, and the people-made events that trips are built from (document 2 §3 "asset
 * events"): device-report, user-relocation-collect, customer-renting-scan…
 */
export const assetEvents = pgTable(
  'asset_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    assetId: uuid('asset_id').notNull(),
    partnerId: uuid('partner_id').notNull(),
    /** device-report | device-alarm | device-error | user-relocation-collect | … */
    type: text('type').notNull(),
    /** The alarm or error code for device-alarm / device-error (tilt, illegal-move, low-battery…). */
    code: text('code'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    data: jsonb('data'),
  },
  (t) => [
    index('asset_events_asset_time_idx').on(t.assetId, t.occurredAt),
    index('asset_events_partner_type_time_idx').on(t.partnerId, t.type, t.occurredAt),
    index('asset_events_time_brin').using('brin', t.occurredAt),
  ],
);

/**
 * One row per asset per command or config change (document 2 "IoT control and config records"). The partial
 * unique index is the "same request in progress" rule: one pending record per device and command.
 */
export const iotControlRecords = pgTable(
  'iot_control_records',
  {
    id: uuid('id').primaryKey(),
    /** command | config */
    kind: text('kind').notNull(),
    /** The command (device.turn_on…); "config" for config records. */
    command: text('command').notNull(),
    /** The config items sent, for config records. */
    config: jsonb('config'),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    assetNo: text('asset_no').notNull(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    deviceNo: text('device_no'),
    /** default | mqtt | sms | ble */
    channel: text('channel').notNull(),
    /** system | app | ops-app | ops-web | customer-app */
    initiator: text('initiator').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id'),
    rentingOrderId: uuid('renting_order_id'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the request's time-to-live ends: no reply after this changes the record. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedTime: timestamp('responded_time', { withTimezone: true }),
    /** pending | successful | failed | timeout | skipped | unknown */
    status: text('status').notNull(),
    /** success | failure | expiry | unsent */
    replyStatus: text('reply_status'),
    /** document 2 §8: unknown-error | time-out | same-request-in-progress | unsupported | device-unavailable… */
    failedReason: text('failed_reason'),
    /** pending | synced */
    syncStatus: text('sync_status').notNull().default('pending'),
    /** How many times it was sent to the device. */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('iot_control_records_kind_time_idx').on(t.kind, t.requestedAt.desc(), t.id.desc()),
    index('iot_control_records_partner_idx').on(t.partnerId, t.kind, t.requestedAt.desc()),
    index('iot_control_records_asset_idx').on(t.assetNo, t.requestedAt.desc()),
    index('iot_control_records_order_idx').on(t.rentingOrderId).where(sql`${t.rentingOrderId} is not null`),
    uniqueIndex('iot_control_records_in_flight_key').on(t.deviceNo, t.command).where(sql`status = 'pending'`),
  ],
);

/**
 * Background work (ARCHITECTURE.md): enqueued in the transaction of the change that causes it, claimed with
 * FOR UPDATE SKIP LOCKED by any instance; a job that is not finished is tried again at run_at.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    /** At most one job per key (e.g. the record a dispatch job works for). */
    key: text('key'),
    payload: jsonb('payload').notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** Set while an instance works on it; a crashed instance's claim lapses. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('jobs_key_key').on(t.key), index('jobs_run_at_idx').on(t.runAt)],
);
