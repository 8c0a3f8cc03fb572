import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { check, index, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';

/**
 * Our ledger of charges and refunds. A row is written (Pending) with its idempotency key before the provider is
 * called; the provider's answer, a webhook or the reconcile job settles it, and a settled row never changes.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    customerId: uuid('customer_id').references(() => customers.id),
    /** What is paid for (an order fee, a deposit…): the owner of the payment, by type and id. */
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** A refund's charge. */
    parentId: uuid('parent_id').references((): AnyPgColumn => payments.id),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('Pending'),
    provider: text('provider').notNull(),
    paymentMethod: text('payment_method'),
    idempotencyKey: text('idempotency_key').notNull(),
    providerRef: text('provider_ref'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    reason: text('reason'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    index('payments_subject_idx').on(t.subjectType, t.subjectId),
    index('payments_parent_idx').on(t.parentId),
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'Pending'`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Webhook events already applied, by the provider's event id: a redelivery is acknowledged and ignored. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_webhook_events_key').on(t.provider, t.eventId)],
);

/**
 * The local provider's own memory, as Stripe keeps it on its side: each request by idempotency key with the
 * answer it got, so a retried request gets the same answer and never a second charge.
 */
export const localProviderRequests = pgTable('local_provider_requests', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  operation: text('operation').notNull(),
  params: jsonb('params').$type<Record<string, unknown>>().notNull(),
  response: jsonb('response').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
