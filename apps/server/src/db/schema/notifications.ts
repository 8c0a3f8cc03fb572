import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { partners, users } from './account.ts';
import { timestamps } from './columns.ts';

/**
 * In-app notifications (docs/decisions.md "Notifications"): one row per recipient, written in the transaction of
 * the event. kind: reminder | ticketAssigned | checkoutUndone | depositRefundWaiting | b2bTicketReported. `params` carries what the
 * console needs to word it in the reader's language; `title`/`body` are the English text e-mails use.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id').references(() => partners.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    /** A console path: /customer-ticket/detail/…, /reminder/asset-timer-log-center/list?state=due. */
    link: text('link'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_created_idx').on(t.createdAt),
  ],
);

/**
 * A user's choices per kind: { [kind]: { inApp, email } } and dailyDigest (e-mails gathered into one a day).
 * No row = the defaults (in-app on, e-mail off).
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kinds: jsonb('kinds').$type<Record<string, { inApp: boolean; email: boolean }>>().notNull().default({}),
  dailyDigest: text('daily_digest').notNull().default('off'),
  /** The UTC day whose digest was queued for this user: a round run twice queues nothing twice. */
  digestSentOn: date('digest_sent_on', { mode: 'string' }),
  ...timestamps,
});

/**
 * One-time links (forgot password, set the first password after an approved access request): the token's
 * SHA-256 only, 30 minutes, single use. purpose: reset | invite
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_tokens_hash_key').on(t.tokenHash), index('password_tokens_user_idx').on(t.userId)],
);

/** "Register account": a visitor asks for access; an owner approves (a user is created) or declines. */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The company the visitor says they work for (free text: partner names are not public). */
    partnerName: text('partner_name').notNull(),
    message: text('message'),
    /** pending | approved | declined */
    status: text('status').notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    userId: uuid('user_id').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('access_requests_status_created_idx').on(t.status, t.createdAt.desc()),
    // One pending request per e-mail, whatever the case: two sent at once store one (the other is a no-op).
    uniqueIndex('access_requests_pending_email_key').on(sql`lower(${t.email})`).where(sql`${t.status} = 'pending'`),
  ],
);

/** Changing the sign-in e-mail or phone: a code sent to the new address proves it is the user's. */
export const contactChangeCodes = pgTable(
  'contact_change_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** email | phone */
    channel: text('channel').notNull(),
    newValue: text('new_value').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_change_codes_user_idx').on(t.userId, t.createdAt)],
);

/** A third-party (OpenID Connect) sign-in linked to a user: the provider's issuer and subject. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_identities_issuer_subject_key').on(t.issuer, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/**
 * An authorization-code + PKCE round trip in flight (kept in the database so the callback may land on any node).
 * purpose: login | link (then userId is the user linking).
 */
export const oidcStates = pgTable('oidc_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  purpose: text('purpose').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  rememberMe: boolean('remember_me').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
