import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  numeric,
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
 * Account- and partner-level configuration (issue 3): operation settings, SMS service, partner operations,
 * sign-up config, payment methods, customer communication documents and the account's own settings.
 * Columns ending in `_sealed` hold values encrypted by lib/secret-box.ts; they are never returned in full.
 */
const partnerRef = () =>
  uuid('partner_id')
    .notNull()
    .references(() => partners.id, { onDelete: 'cascade' });

/** One row per configuration key of the account ('settings', 'customer-info'); the value is validated JSON. */
export const accountConfigs = pgTable('account_configs', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** Document 2 "Operation setting": one per partner; confirmed_at set once it is the business model. */
export const operationSettings = pgTable(
  'operation_settings',
  {
    id: uuid('id').primaryKey(),
    partnerId: partnerRef(),
    /** free | paid */
    customerPlan: text('customer_plan').notNull(),
    /** required | not-required */
    creditCardPolicy: text('credit_card_policy').notNull(),
    /** free | required */
    depositPolicy: text('deposit_policy').notNull(),
    currency: text('currency').notNull(),
    timezone: text('timezone').notNull(),
    /** Per service (captcha, sms, paymentChannel, imageService): its fields, secret ones sealed. */
    services: jsonb('services').notNull().default({}),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('operation_settings_partner_key').on(t.partnerId),
    index('operation_settings_created_at_idx').on(t.createdAt),
  ],
);

/** Document 2 "SMS service": one per partner. */
export const smsServices = pgTable('sms_services', {
  partnerId: partnerRef().primaryKey(),
  accountSid: text('account_sid').notNull(),
  authTokenSealed: text('auth_token_sealed').notNull(),
  pathServiceSid: text('path_service_sid').notNull(),
  ...timestamps,
});

/** Document 2 "Partner operations": one per partner. */
export const partnerOperations = pgTable('partner_operations', {
  partnerId: partnerRef().primaryKey(),
  currency: text('currency').notNull(),
  customerMaxPaymentAmount: numeric('customer_max_payment_amount', { precision: 12, scale: 2 }),
  timezone: text('timezone').notNull(),
  beepPolicy: text('beep_policy').notNull(),
  batteryLockPolicy: text('battery_lock_policy').notNull(),
  gpsPolicy: text('gps_policy').notNull(),
  lightPolicy: text('light_policy').notNull(),
  lockPolicy: text('lock_policy').notNull(),
  pushGeolocationCheckpointPolicy: text('push_geolocation_checkpoint_policy').notNull(),
  customerSelfJoinPolicy: text('customer_self_join_policy').notNull(),
  customerSelfJoinNote: text('customer_self_join_note'),
  unavailableNote: text('unavailable_note'),
  contactPhone: text('contact_phone'),
  contactEmail: text('contact_email'),
  /** none | secret-link | public-link */
  webChannel: text('web_channel').notNull().default('none'),
  webChannelPasscodeSealed: text('web_channel_passcode_sealed'),
  signUpEmailDomains: text('sign_up_email_domains').array().notNull().default(sql`'{}'::text[]`),
  ...timestamps,
});

/** Partner sign-up config (document 1 §7.2); the token is what a customer sign-up link carries. */
export const partnerSignUpConfigs = pgTable(
  'partner_sign_up_configs',
  {
    partnerId: partnerRef().primaryKey(),
    isEnabled: boolean('is_enabled').notNull().default(false),
    token: text('token').notNull(),
    requireEmailVerification: boolean('require_email_verification').notNull().default(true),
    requireIdVerification: boolean('require_id_verification').notNull().default(false),
    isReferralEnabled: boolean('is_referral_enabled').notNull().default(false),
    welcomeNote: text('welcome_note'),
    ...timestamps,
  },
  (t) => [uniqueIndex('partner_sign_up_configs_token_key').on(t.token)],
);

/** The customer payment methods a partner accepts through its provider (stripe). */
export const partnerPaymentMethods = pgTable(
  'partner_payment_methods',
  {
    id: uuid('id').primaryKey(),
    partnerId: partnerRef(),
    /** credit-card | debit-sepa | wallet-apple-pay | wallet-google-pay */
    type: text('type').notNull(),
    provider: text('provider').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    publishableKey: text('publishable_key').notNull(),
    secretKeySealed: text('secret_key_sealed').notNull(),
    webhookSecretSealed: text('webhook_secret_sealed'),
    statementDescriptor: text('statement_descriptor'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('partner_payment_methods_partner_type_key').on(t.partnerId, t.type),
    index('partner_payment_methods_created_at_idx').on(t.createdAt),
  ],
);

/** Account documents (terms, privacy policy, help center): content per language, sanitised HTML. */
export const accountDocuments = pgTable('account_documents', {
  type: text('type').primaryKey(),
  /** { en: html, it?: html, es?: html } */
  content: jsonb('content').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** Partner documents (terms, privacy policy, help center, notice), one per partner and type. */
export const partnerDocuments = pgTable(
  'partner_documents',
  {
    partnerId: partnerRef(),
    type: text('type').notNull(),
    content: jsonb('content').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.type] }), index('partner_documents_created_at_idx').on(t.createdAt)],
);
