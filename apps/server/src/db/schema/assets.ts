import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { partners, users } from './account.ts';
import { timestamps } from './columns.ts';
import { sites } from './settings.ts';

/**
 * The asset registry (issue 4): categories with their custom properties, and the assets themselves. Built for
 * a million assets: keyset paging on (created_at, id), property values in one jsonb column behind a GIN index,
 * and unique property values kept in their own table so uniqueness is a database constraint, not a scan.
 */
export const assetCategories = pgTable(
  'asset_categories',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** DEFAULT | BIKE | EBIKE | BATTERY | ESCOOTER | MOTORBIKE */
    assetType: text('asset_type').notNull(),
    imageUrl: text('image_url'),
    detailUrl: text('detail_url'),
    description: text('description'),
    isIot: boolean('is_iot').notNull().default(false),
    isEnabled: boolean('is_enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('asset_categories_name_key').on(sql`lower(${t.name})`),
    index('asset_categories_created_at_idx').on(t.createdAt),
  ],
);

/** A custom property of a category (document 2 "Asset category"). */
export const assetProperties = pgTable(
  'asset_properties',
  {
    id: uuid('id').primaryKey(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => assetCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** BOOLEAN | INTEGER | NUMBER | TEXT | DATE | DATE_TIME | IMAGE | LINK */
    valueType: text('value_type').notNull(),
    /** MANUAL | UNMODIFIABLE | AUTOMATIC */
    updateMethod: text('update_method').notNull(),
    isUnique: boolean('is_unique').notNull().default(false),
    /** Display order within the category. */
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('asset_properties_category_name_key').on(t.categoryId, sql`lower(${t.name})`)],
);

export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey(),
    /** Capital letters and digits; what the API and the people use to name an asset. */
    no: text('no').notNull(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => assetCategories.id),
    siteId: uuid('site_id').references(() => sites.id),
    /** New | Ready | NotReady | Missing | Removed | Retired | Unknown */
    lifeCycleState: text('life_cycle_state').notNull().default('New'),
    /** InSite | Dispatching | RentingOut | Unknown */
    turnoverState: text('turnover_state').notNull().default('InSite'),
    /** customer-rental | partner-subscription | non-leasable */
    usageMode: text('usage_mode').notNull(),
    note: text('note'),
    /** Custom property values keyed by property id; images as their stored URL. */
    properties: jsonb('properties').notNull().default({}),
    // IoT binding and the latest device state (the live fleet issue keeps these current).
    iotDeviceNo: text('iot_device_no'),
    /** tbox | rybit-tag | rybit-box | okai */
    iotVendor: text('iot_vendor'),
    iotModel: text('iot_model'),
    chargePct: integer('charge_pct'),
    iotBatteryVoltageMilli: integer('iot_battery_voltage_milli'),
    iotLastUpdateTime: timestamp('iot_last_update_time', { withTimezone: true }),
    lockState: text('lock_state'),
    /** Document 2 §4 "Trip asset status": Ongoing while its latest trip is unfinished, else Finished (trip builder). */
    tripStatus: text('trip_status').notNull().default('Finished'),
    /**
     * The device time of the latest moving fix (velocity null or ≥ MOVING_KMH, with a position), kept by telemetry
     * ingest: the trip job builds assets that moved since its watermark. Not indexed: telemetry changes it with
     * nearly every update, and an index on it would make those updates non-HOT, writing all the table's indexes.
     */
    movedAt: timestamp('moved_at', { withTimezone: true }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /**
     * The position's cell on the map's zoom-10 grid (8192 × 8192 Web Mercator cells of 64 px, ≈ 5 km; row-major,
     * y × 8192 + x), kept by PostgreSQL. Viewport reads go through its index. A device moving within its cell
     * changes no indexed value, so telemetry's position updates stay HOT (fillfactor 80); an index on the
     * position itself would make every one of them write all of the table's indexes.
     */
    // least/greatest skip NULLs: without the case a missing coordinate would be read as the edge of the world.
    mapCell: integer('map_cell').generatedAlwaysAs(
      sql`case when latitude is null or longitude is null then null else
        least(greatest(floor((1 - ln(tan(pi() / 4 + radians(least(greatest(latitude, -85.05112878), 85.05112878)) / 2)) / pi()) / 2 * 8192), 0), 8191)::int * 8192
        + least(greatest(floor((longitude + 180) / 360 * 8192), 0), 8191)::int end`,
    ),
    /** The last alarm and error the device raised (display status Alarm / Error while recent). */
    alarmCode: text('alarm_code'),
    alarmAt: timestamp('alarm_at', { withTimezone: true }),
    errorCode: text('error_code'),
    errorAt: timestamp('error_at', { withTimezone: true }),
    /**
     * The id GBFS publishes for this vehicle (issue 25): random, never the asset number, and replaced when a
     * rental ends, so a public feed cannot be used to follow a vehicle from one rider to the next.
     */
    gbfsVehicleId: uuid('gbfs_vehicle_id').notNull().default(sql`gen_random_uuid()`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('assets_no_key').on(t.no),
    uniqueIndex('assets_iot_device_no_key').on(t.iotDeviceNo),
    // Keyset paging: the default order (createTime desc) with the id as tie-breaker. Every index of a sort
    // uses PostgreSQL's default null ordering (DESC NULLS FIRST), as the ORDER BY does, so it can be read
    // both ways.
    index('assets_created_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Partner-scoped callers page the same order within their partners.
    index('assets_partner_created_id_idx').on(t.partnerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Counting a partner's matches builds a bitmap of its rows: a deduplicated single-column index is ~8× smaller
    // than the keyset one above and scans that much faster (bench:assets, docs/performance.md).
    index('assets_partner_idx').on(t.partnerId),
    index('assets_category_idx').on(t.categoryId),
    // The list's common filter combination (categories, partner, lifecycle, usage, has IoT) answered by one index:
    // a selective search of it ANDs this bitmap with the property GIN instead of three wide ones, and counts its
    // few thousand matches exactly within the budget (bench:assets, docs/performance.md). Category leads because
    // account staff filter by category without a partner, and partner staff always send their partners too.
    index('assets_filter_idx').on(
      t.categoryId,
      t.partnerId,
      t.lifeCycleState,
      t.usageMode,
      sql`(${t.iotDeviceNo} is not null)`,
    ),
    index('assets_site_idx').on(t.siteId),
    // Filter by lifecycle, or sort by it, still in the default order within each state.
    index('assets_life_cycle_created_id_idx').on(
      t.lifeCycleState,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Sort by update time (the list's "updated" column), ties by the default order.
    index('assets_updated_created_id_idx').on(
      t.updatedAt.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The serial range compares bytes (collate "C"), whatever the database's collation.
    index('assets_no_c_idx').on(sql`${t.no} collate "C"`),
    index('assets_properties_gin').using('gin', sql`${t.properties} jsonb_path_ops`),
    index('assets_map_cell_idx').on(t.mapCell),
    // The few assets with a recent alarm or error: the status filter (Alarm, Error) reads them, not the fleet.
    index('assets_alarm_at_idx').on(t.alarmAt).where(sql`${t.alarmAt} is not null`),
    index('assets_error_at_idx').on(t.errorAt).where(sql`${t.errorAt} is not null`),
  ],
);

/** Values of properties flagged unique, one row per asset and property: the constraint enforces uniqueness. */
export const assetUniqueValues = pgTable(
  'asset_unique_values',
  {
    propertyId: uuid('property_id')
      .notNull()
      .references(() => assetProperties.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('asset_unique_values_key').on(t.propertyId, t.value),
    index('asset_unique_values_asset_idx').on(t.assetId),
  ],
);

/** A staff member's named list of assets (document 2 "Private list"): at most 100 assets. */
export const privateLists = pgTable(
  'private_lists',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    comment: text('comment'),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('private_lists_owner_idx').on(t.ownerId, t.createdAt.desc())],
);

export const privateListAssets = pgTable(
  'private_list_assets',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => privateLists.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.assetId] }), index('private_list_assets_asset_idx').on(t.assetId)],
);

/**
 * A relocation (collection) list (document 2 "Relocation list"): field staff check assets out of one site
 * (collection, turnover Dispatching) and into another (launch, turnover InSite at the new site).
 */
export const relocationLists = pgTable(
  'relocation_lists',
  {
    id: uuid('id').primaryKey(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    fromSiteId: uuid('from_site_id')
      .notNull()
      .references(() => sites.id),
    /** Set at check-in (launch). */
    toSiteId: uuid('to_site_id').references(() => sites.id),
    /** Who collected the assets. */
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who launched them at the new site (may be someone else). */
    launchStaffId: uuid('launch_staff_id').references(() => users.id, { onDelete: 'set null' }),
    assetCount: integer('asset_count').notNull(),
    checkoutAt: timestamp('checkout_at', { withTimezone: true }).notNull(),
    checkinAt: timestamp('checkin_at', { withTimezone: true }),
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    index('relocation_lists_checkout_idx').on(t.checkoutAt.desc(), t.id.desc()),
    index('relocation_lists_partner_idx').on(t.partnerId, t.checkoutAt.desc()),
  ],
);

/** The assets of a relocation list; the number is kept so the history survives a later asset deletion. */
export const relocationListAssets = pgTable(
  'relocation_list_assets',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => relocationLists.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id').references(() => assets.id, { onDelete: 'set null' }),
    assetNo: text('asset_no').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.assetNo] }), index('relocation_list_assets_asset_idx').on(t.assetId)],
);
