import type { CustomerAddress } from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
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

/**
 * A renting customer (document 2 §3). A customer belongs to one or more partners (memberships); deleting keeps
 * the row (`deleted_at`) for orders and the audit trail.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey(),
    phoneNo: text('phone_no').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    whatsApp: text('whats_app'),
    contactAddress: jsonb('contact_address').$type<CustomerAddress>(),
    overnightAddress: jsonb('overnight_address').$type<CustomerAddress>(),
    marketingReportedSource: text('marketing_reported_source'),
    isMarketingConsented: boolean('is_marketing_consented'),
    note: text('note'),
    referralCode: text('referral_code').notNull(),
    referrerId: uuid('referrer_id').references((): AnyPgColumn => customers.id),
    referralConfirmedAt: timestamp('referral_confirmed_at', { withTimezone: true }),
    passwordHash: text('password_hash').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('customers_referral_code_key').on(sql`upper(${t.referralCode})`),
    index('customers_created_at_idx').on(t.createdAt),
    index('customers_phone_no_idx').on(t.phoneNo),
  ],
);

/**
 * A customer's membership of a partner. The phone number is copied here so that "phone unique within the
 * partner" is a unique index among live customers, not a check two concurrent requests could both pass.
 */
export const customerMemberships = pgTable(
  'customer_memberships',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    phoneNo: text('phone_no').notNull(),
    live: boolean('live').notNull().default(true),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.partnerId] }),
    uniqueIndex('customer_memberships_phone_key').on(t.partnerId, t.phoneNo).where(sql`${t.live}`),
    index('customer_memberships_partner_idx').on(t.partnerId),
  ],
);

/** The identity verification of a customer, one per customer; the SSN/ITIN is sealed with the SecretBox. */
export const customerIdentities = pgTable('customer_identities', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('not-apply'),
  documentType: text('document_type'),
  documentNumber: text('document_number'),
  ssnOrItinSealed: text('ssn_or_itin_sealed'),
  ssnOrItinLast4: text('ssn_or_itin_last4'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  issueDate: date('issue_date', { mode: 'string' }),
  expiryDate: date('expiry_date', { mode: 'string' }),
  /** Storage keys of the private images (never under the public files route). */
  frontImage: text('front_image'),
  backImage: text('back_image'),
  selfie: text('selfie'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  reviewerId: uuid('reviewer_id').references(() => users.id),
  denyReason: text('deny_reason'),
  ...timestamps,
});

/** Payment methods the provider holds for a customer; we keep only what staff need to tell them apart. */
export const customerPaymentMethods = pgTable(
  'customer_payment_methods',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    brand: text('brand'),
    last4: text('last4'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    providerRef: text('provider_ref'),
    valid: boolean('valid').notNull().default(true),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('customer_payment_methods_customer_idx').on(t.customerId)],
);

/** Single-use e-mail verification links; only the token's hash is stored. */
export const customerEmailTokens = pgTable('customer_email_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  customerId: uuid('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
