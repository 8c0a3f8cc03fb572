import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/**
 * Payments (issue 6): every charge and refund is a row of our own ledger, written with its idempotency key
 * before the provider is called, so a lost reply or a crash is reconciled and never charged twice.
 */

/** Document 2 §4 "Customer transaction": Pending, Succeeded, Failed. */
export const paymentStatuses = ['Pending', 'Succeeded', 'Failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentKinds = ['charge', 'refund'] as const;
export type PaymentKind = (typeof paymentKinds)[number];

/**
 * Which provider answers our payment calls: Stripe (document 2 §3 "Payment provider type: stripe", the only type
 * a partner configures) or `local`, which behaves like Stripe in test mode and needs no account.
 */
export const paymentGateways = ['local', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentGateways)[number];

/**
 * Stripe's published test cards, which the local provider answers the way Stripe's test mode does. A payment
 * method is given as the card number or as Stripe's test token.
 */
export const TEST_CARDS = {
  success: { number: '4242424242424242', token: 'pm_card_visa' },
  mastercard: { number: '5555555555554444', token: 'pm_card_mastercard' },
  amex: { number: '378282246310005', token: 'pm_card_amex' },
  /** Stripe's SEPA Direct Debit test IBAN that succeeds. */
  sepaDebit: { number: 'DE89370400440532013000', token: 'pm_sepa_debit' },
  declined: { number: '4000000000000002', token: 'pm_card_chargeDeclined' },
  insufficientFunds: { number: '4000000000009995', token: 'pm_card_chargeDeclinedInsufficientFunds' },
  authenticationRequired: { number: '4000002500003155', token: 'pm_card_authenticationRequired' },
} as const;

/** Why a charge failed, in the provider's words (Stripe's decline codes). */
export const paymentFailureCodes = [
  'card_declined',
  'insufficient_funds',
  'authentication_required',
  'payment_method_not_found',
  'amount_too_large',
  'provider_error',
] as const;
export type PaymentFailureCode = (typeof paymentFailureCodes)[number];

export const paymentErrorCodes = ['RefundExceedsPaid', 'PaymentProviderError', 'WebhookSignatureInvalid'] as const;

/** How old a signed webhook may be, as Stripe's libraries check by default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const webhookParams = z.strictObject({ provider: z.enum(paymentGateways) });

export const paymentEndpoints = {
  webhook: endpoint({
    method: 'POST',
    path: '/payments/webhooks/:provider',
    summary: 'Events of a payment provider; signature and age checked, each event applied once',
    tag: 'payments',
    requires: 'public',
    params: webhookParams,
    response: z.object({ received: z.boolean(), duplicate: z.boolean() }),
  }),
};
