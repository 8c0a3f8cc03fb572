import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { timestamps } from './columns.ts';

/** The operator account; one per installation. */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  logoImgUrl: text('logo_img_url'),
  timezone: text('timezone').notNull().default('+00:00'),
  isRegistryEnabled: boolean('is_registry_enabled').notNull().default(false),
  currency: text('currency'),
  ...timestamps,
});

export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey(),
    legacyId: integer('legacy_id'),
    name: text('name').notNull(),
    email: text('email'),
    note: text('note'),
    addressCountry: text('address_country'),
    addressCity: text('address_city'),
    addressZip: text('address_zip'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    addressState: text('address_state'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactWorkEmail: text('contact_work_email'),
    attachments: jsonb('attachments').$type<{ url: string; name: string }[]>().notNull().default([]),
    /** IANA time zone (Europe/Rome): schedules (reminder cron timers) run on the partner's local clock. */
    timezone: text('timezone').notNull().default('UTC'),
    ...timestamps,
  },
  (t) => [index('partners_created_at_idx').on(t.createdAt), index('partners_name_idx').on(sql`lower(${t.name})`)],
);

export const roles = pgTable('roles', {
  id: uuid('id').primaryKey(),
  title: text('title').notNull(),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  appPermissions: text('app_permissions').array().notNull().default(sql`'{}'::text[]`),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phoneNo: text('phone_no'),
    passwordHash: text('password_hash'),
    /** true = account user (scope "*"); false = partner user scoped by user_partners. */
    allPartners: boolean('all_partners').notNull().default(false),
    legacyPartnerScope: integer('legacy_partner_scope').array(),
    lastActiveTime: timestamp('last_active_time', { withTimezone: true }),
    /**
     * Derived from user_roles, roles and user_partners by refreshAccess() in the same transaction as any
     * change to them, so authenticating a request is one indexed read (docs/decisions.md, "Access columns").
     */
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    /** The operation-app permissions of the user's roles (same derivation as `permissions`). */
    appPermissions: text('app_permissions').array().notNull().default(sql`'{}'::text[]`),
    roleRefs: jsonb('role_refs').$type<{ id: string; title: string }[]>().notNull().default([]),
    partnerIds: uuid('partner_ids').array().notNull().default(sql`'{}'::uuid[]`),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Usernames stay reserved after deletion so audit trails never point at two people.
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_phone_no_key').on(t.phoneNo).where(sql`${t.deletedAt} is null`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export const userPartners = pgTable(
  'user_partners',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.partnerId] }), index('user_partners_partner_idx').on(t.partnerId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idleSeconds: integer('idle_seconds').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey(),
    phoneNo: text('phone_no').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_phone_idx').on(t.phoneNo, t.createdAt)],
);

/** Fixed-window counters shared by every API instance (never in process memory). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
  /** The last counted hit: sign-in back-off waits from it. */
  lastAt: timestamp('last_at', { withTimezone: true }),
});

/**
 * Devices a user has signed in from (issue 26): a random token the console keeps and sends with its next sign-in,
 * stored as a hash. A known device is throttled on its own, so failures from elsewhere (an attacker guessing the
 * password, a whole office behind one address) do not lock its owner out.
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('login_devices_token_hash_key').on(t.tokenHash), index('login_devices_user_idx').on(t.userId)],
);

export const fieldLogs = pgTable(
  'field_logs',
  {
    id: uuid('id').primaryKey(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    field: text('field').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    userId: uuid('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('field_logs_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);

/** What the local SMS and mail adapters "send": an operator without providers reads them here. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_recipient_idx').on(t.channel, t.recipient, t.createdAt)],
);
