import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { partners, users } from './account.ts';
import { timestamps } from './columns.ts';

/**
 * Open data (issue 25): each partner's GBFS system and its geofencing zones, and the agency clients that read
 * the MDS Provider API. A partner's system is published only while `enabled`; its system id is the partner id.
 */
export const gbfsSystems = pgTable('gbfs_systems', {
  partnerId: uuid('partner_id')
    .primaryKey()
    .references(() => partners.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** GBFS requires it: who the consumers of the feed write to about the feed itself. */
  feedContactEmail: text('feed_contact_email'),
  /** OSM opening_hours syntax. */
  openingHours: text('opening_hours').notNull().default('24/7'),
  /** { android?: { storeUri, discoveryUri }, ios?: { storeUri, discoveryUri } } */
  rentalApps: jsonb('rental_apps').notNull().default({}),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** A zone of a partner's area: the operating area, or a no-parking or slow zone inside it. */
export const geofencingZones = pgTable(
  'geofencing_zones',
  {
    id: uuid('id').primaryKey(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** operating-area | no-parking | slow */
    kind: text('kind').notNull(),
    maxSpeedKph: integer('max_speed_kph'),
    /** One outer ring, [[lon, lat], …], closed, counter-clockwise (the GeoJSON right-hand rule). */
    ring: jsonb('ring').$type<[number, number][]>().notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('geofencing_zones_partner_idx').on(t.partnerId, t.position)],
);

/**
 * An agency's access to the MDS Provider API: a bearer token (stored as its SHA-256, shown once), the partners
 * it may read (`all_partners`, or `partner_ids`), an optional expiry, and revocation.
 */
export const agencyClients = pgTable(
  'agency_clients',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    allPartners: boolean('all_partners').notNull().default(false),
    partnerIds: uuid('partner_ids').array().notNull().default(sql`'{}'::uuid[]`),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('agency_clients_token_hash_key').on(t.tokenHash),
    index('agency_clients_created_idx').on(t.createdAt),
  ],
);
