import { z } from 'zod';
import { dataOf } from './common.ts';
import { endpoint } from './endpoint.ts';
import { requires } from './permissions.ts';

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

/**
 * Stripe's test cards for taking a card (a SetupIntent, or the local provider's attach): attaching succeeds or is
 * declined the way Stripe's test mode answers. A declined card never reaches a charge.
 */
export const SETUP_TEST_CARDS = {
  /** Attaching succeeds; every charge is then declined (Stripe's 4000 0000 0000 0341). */
  chargeDeclinedAfterAttach: { number: '4000000000000341', token: 'pm_card_chargeCustomerFail' },
  expired: { number: '4000000000000069' },
  incorrectCvc: { number: '4000000000000127' },
  processingError: { number: '4000000000000119' },
} as const;

/** Why a card was refused when it was taken, in Stripe's words (its error and decline codes). */
export const CARD_ERRORS = {
  incorrect_number: 'Your card number is incorrect.',
  invalid_expiry_month: "Your card's expiration month is invalid.",
  invalid_expiry_year: "Your card's expiration year is invalid.",
  invalid_cvc: "Your card's security code is invalid.",
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
  live_card_in_test_mode: 'Your card was declined. Your request was in test mode, but used a non test card.',
} as const;
export type CardErrorCode = keyof typeof CARD_ERRORS;

/**
 * A card as staff type it into the local provider's card form, which sends it only to the local provider's
 * tokenize call (as Stripe Elements sends it only to Stripe). Expiry and CVC are checked by the provider, as Stripe
 * does, so the answer says which field is wrong in Stripe's words.
 */
export const localCardInput = z.strictObject({
  number: z.string().max(30),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvc: z.string().max(10),
});
export type LocalCardInput = z.infer<typeof localCardInput>;

/** The payment method the provider made of a card (Stripe's PaymentMethod, reduced to what the console shows). */
export const tokenizedCard = z.object({
  id: z.string(),
  card: z.object({ brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() }),
});
export type TokenizedCard = z.infer<typeof tokenizedCard>;

export const paymentEndpoints = {
  localTokenize: endpoint({
    method: 'POST',
    path: '/payments/local/paymentMethods',
    summary: "The local provider's tokenize call (Stripe's POST /v1/payment_methods): a card becomes a pm_… id",
    tag: 'payments',
    // Only staff who may take a card for a customer type one in.
    requires: requires('customer.update'),
    body: localCardInput,
    response: dataOf(tokenizedCard),
    status: 201,
  }),
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
