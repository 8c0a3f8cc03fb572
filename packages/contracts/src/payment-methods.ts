import { z } from 'zod';
import { dataOf, emptyResponse, id, isoDateTime, isSecretMask, listOf, pageQuery, sortQuery } from './common.ts';
import { endpoint } from './endpoint.ts';
import { requires } from './permissions.ts';

/** The customer payment methods a partner can accept (issue 3 "Payment methods"). */
export const paymentMethodTypes = ['credit-card', 'debit-sepa', 'wallet-apple-pay', 'wallet-google-pay'] as const;
export const paymentMethodType = z.enum(paymentMethodTypes, { message: 'Payment method type must be selected' });
export type PaymentMethodType = z.infer<typeof paymentMethodType>;

export const paymentProviders = ['stripe'] as const;
export const paymentProvider = z.enum(paymentProviders, { message: 'Provider must be stripe' });
export type PaymentProvider = z.infer<typeof paymentProvider>;

/** Stripe keys say whether they reach the test or the live environment; a method is one or the other. */
export const paymentModes = ['test', 'live'] as const;
export type PaymentMode = (typeof paymentModes)[number];

/**
 * Document 1 §6.2 has two permission families: direct debit covers SEPA debit; credit card covers cards and
 * the wallets, which charge a card behind the scenes.
 */
export const paymentPermissionFamily = (type: PaymentMethodType) =>
  type === 'debit-sepa' ? 'partner.payment.direct_debit' : 'partner.payment.credit_card';
export const paymentReadPermission = (type: PaymentMethodType) => `${paymentPermissionFamily(type)}.read`;
export const paymentSetupPermission = (type: PaymentMethodType) => `${paymentPermissionFamily(type)}.setup`;

/** What a stored secret looks like in a response (lib/secret-box maskSecret); sent back, it means "keep". */

export const PUBLISHABLE_KEY_MESSAGE = 'Publishable key must start with pk_test_ or pk_live_';
export const SECRET_KEY_MESSAGE = 'Secret key must start with sk_test_, sk_live_, rk_test_ or rk_live_';
export const WEBHOOK_SECRET_MESSAGE = 'Webhook secret must start with whsec_';
export const MIXED_MODE_MESSAGE = 'Test and live keys cannot be mixed';

const PUBLISHABLE_KEY = /^pk_(test|live)_[A-Za-z0-9]{8,240}$/;
const SECRET_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,240}$/;
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/=_-]{8,240}$/;

/** The environment a publishable or secret key belongs to, or null when it is not a Stripe key. */
export function stripeKeyMode(key: string): PaymentMode | null {
  const match = /^(?:pk|sk|rk)_(test|live)_/.exec(key);
  return match ? (match[1] as PaymentMode) : null;
}

export const stripePublishableKey = z.string().regex(PUBLISHABLE_KEY, { message: PUBLISHABLE_KEY_MESSAGE });
export const stripeSecretKey = z.string().regex(SECRET_KEY, { message: SECRET_KEY_MESSAGE });
export const stripeWebhookSecret = z.string().regex(WEBHOOK_SECRET, { message: WEBHOOK_SECRET_MESSAGE });

export const STATEMENT_DESCRIPTOR_LENGTH_MESSAGE = 'Statement descriptor must be 5 to 22 characters';
export const STATEMENT_DESCRIPTOR_LETTER_MESSAGE = 'Statement descriptor must contain at least one letter';
export const STATEMENT_DESCRIPTOR_CHARACTERS_MESSAGE = 'Statement descriptor must not contain < > \\ \' " *';
export const STATEMENT_DESCRIPTOR_LATIN_MESSAGE = 'Statement descriptor must use Latin characters only';

/** The first Stripe rule a statement descriptor breaks, or null when it is acceptable. */
export function statementDescriptorProblem(value: string): string | null {
  if (value.length < 5 || value.length > 22) return STATEMENT_DESCRIPTOR_LENGTH_MESSAGE;
  if (value !== value.trim()) return 'Must not start or end with whitespace';
  if (!/^[\x20-\x7E]*$/.test(value)) return STATEMENT_DESCRIPTOR_LATIN_MESSAGE;
  if (!/[A-Za-z]/.test(value)) return STATEMENT_DESCRIPTOR_LETTER_MESSAGE;
  if (/[<>\\'"*]/.test(value)) return STATEMENT_DESCRIPTOR_CHARACTERS_MESSAGE;
  return null;
}

/**
 * What appears on the customer's bank statement, by Stripe's rules: 5 to 22 Latin characters, at least one
 * letter, none of < > \ ' " *, no padding spaces. '' means none.
 */
export const stripeStatementDescriptor = z.string().superRefine((value, ctx) => {
  const problem = value === '' ? null : statementDescriptorProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Whether both keys, when given in full, are of one mode (an update that keeps the secret is checked on the server). */
function modesAgree(input: { publishableKey?: unknown; secretKey?: unknown }) {
  const { publishableKey, secretKey } = input;
  if (typeof publishableKey !== 'string' || typeof secretKey !== 'string' || isSecretMask(secretKey)) return true;
  const publishable = stripeKeyMode(publishableKey);
  const secret = stripeKeyMode(secretKey);
  return publishable === null || secret === null || publishable === secret;
}

/** The mixed-mode refusal; it runs even while other fields are wrong, so a form shows it at once. */
const modesCheck = {
  path: ['secretKey'],
  message: MIXED_MODE_MESSAGE,
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

const commonFields = {
  provider: paymentProvider.default('stripe'),
  isEnabled: z.boolean().default(true),
  publishableKey: stripePublishableKey,
  /** '' or absent: none. */
  statementDescriptor: stripeStatementDescriptor.nullable().optional(),
};

/** POST: a new method for the partner in the path; one per type and partner. */
export const paymentMethodInput = z
  .strictObject({
    type: paymentMethodType,
    ...commonFields,
    secretKey: stripeSecretKey,
    webhookSecret: z
      .string()
      .refine((v) => v === '' || WEBHOOK_SECRET.test(v), { message: WEBHOOK_SECRET_MESSAGE })
      .nullable()
      .optional(),
  })
  .refine(modesAgree, modesCheck);
export type PaymentMethodInput = z.infer<typeof paymentMethodInput>;
export type PaymentMethodInputValues = z.input<typeof paymentMethodInput>;

/**
 * PUT: every field but the type (a method of another type is another method). Secrets sent back masked, or
 * left out, keep the stored ones; a webhook secret sent as '' or null is removed.
 */
export const paymentMethodUpdate = z
  .strictObject({
    ...commonFields,
    // The mask it was shown, sent back, means "keep the stored key".
    secretKey: z
      .string()
      .refine((v) => isSecretMask(v) || SECRET_KEY.test(v), { message: SECRET_KEY_MESSAGE })
      .optional(),
    webhookSecret: z
      .string()
      .refine((v) => v === '' || isSecretMask(v) || WEBHOOK_SECRET.test(v), { message: WEBHOOK_SECRET_MESSAGE })
      .nullable()
      .optional(),
  })
  .refine(modesAgree, modesCheck);
export type PaymentMethodUpdate = z.infer<typeof paymentMethodUpdate>;
export type PaymentMethodUpdateValues = z.input<typeof paymentMethodUpdate>;

export const paymentMethod = z.object({
  id,
  partner: z.object({ id, name: z.string() }),
  type: paymentMethodType,
  provider: paymentProvider,
  isEnabled: z.boolean(),
  mode: z.enum(paymentModes),
  publishableKey: z.string(),
  /** Always masked: the last four characters at most. */
  secretKey: z.string(),
  webhookSecret: z.string().nullable(),
  statementDescriptor: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const paymentMethodSortKeys = ['createdAt', 'updatedAt'] as const;
export const paymentMethodListQuery = pageQuery.extend({
  partnerId: id.optional(),
  type: paymentMethodType.optional(),
  sort: sortQuery(paymentMethodSortKeys),
});
export type PaymentMethodListQuery = z.infer<typeof paymentMethodListQuery>;

export const paymentMethodParams = z.strictObject({ partnerId: id, id });
export const partnerPaymentParams = z.strictObject({ partnerId: id });

/** Refusal codes beyond the common ones. */
export const paymentMethodErrorCodes = ['PaymentMethodExists'] as const;

const readRequirement = requires('partner.payment.credit_card.read', 'partner.payment.direct_debit.read');
const setupRequirement = requires('partner.payment.credit_card.setup', 'partner.payment.direct_debit.setup');

export const paymentMethodEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/account/partners/$all/paymentMethods',
    summary: 'Payment methods of in-scope partners, of the types the caller may read, newest first',
    tag: 'payment-methods',
    requires: readRequirement,
    query: paymentMethodListQuery,
    response: listOf(paymentMethod),
  }),
  get: endpoint({
    method: 'GET',
    path: '/account/partners/:partnerId/paymentMethods/:id',
    summary: 'One payment method of a partner, secrets masked',
    tag: 'payment-methods',
    requires: readRequirement,
    params: paymentMethodParams,
    response: dataOf(paymentMethod),
  }),
  create: endpoint({
    method: 'POST',
    path: '/account/partners/:partnerId/paymentMethods',
    summary: 'Set up a payment method for a partner (the setup permission of its type)',
    tag: 'payment-methods',
    requires: setupRequirement,
    params: partnerPaymentParams,
    body: paymentMethodInput,
    response: dataOf(paymentMethod),
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/account/partners/:partnerId/paymentMethods/:id',
    summary: 'Replace a payment method; masked or absent secrets keep the stored ones',
    tag: 'payment-methods',
    requires: setupRequirement,
    params: paymentMethodParams,
    body: paymentMethodUpdate,
    response: dataOf(paymentMethod),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/account/partners/:partnerId/paymentMethods/:id',
    summary: 'Remove a payment method of a partner',
    tag: 'payment-methods',
    requires: setupRequirement,
    params: paymentMethodParams,
    response: emptyResponse,
  }),
};
