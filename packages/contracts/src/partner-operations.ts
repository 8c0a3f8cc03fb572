import { z } from 'zod';
import {
  currency,
  dataOf,
  email,
  emptyResponse,
  id,
  isoDateTime,
  isSecretMask,
  listOf,
  optionalText,
  pageQuery,
  phoneNo,
  sortQuery,
  timezoneOffset,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { requires } from './permissions.ts';

/**
 * Document 2 "Partner operations": how a partner runs its rentals (money, time, what customers may do with a
 * device from the app, how customers join, how they reach the partner), plus its sign-up config and the
 * settings overview that tells which partners can rent.
 */

/**
 * What a customer may do with a device feature from the app: `enabled` while they rent the asset, `disabled`
 * leaves it to staff (the console and the operation app).
 */
export const devicePolicies = ['enabled', 'disabled'] as const;
export const devicePolicy = z.enum(devicePolicies, { message: 'Policy must be enabled or disabled' });
export type DevicePolicy = z.infer<typeof devicePolicy>;

/** The device policy fields, in the order the form shows them. */
export const devicePolicyKeys = [
  'beepPolicy',
  'batteryLockPolicy',
  'gpsPolicy',
  'lightPolicy',
  'lockPolicy',
  'pushGeolocationCheckpointPolicy',
] as const;
export type DevicePolicyKey = (typeof devicePolicyKeys)[number];

/**
 * How a customer becomes a customer of the partner: `open` joins at sign-up, `approval` joins once staff
 * approve, `closed` only staff add customers (partner sign-up cannot be enabled then).
 */
export const customerSelfJoinPolicies = ['open', 'approval', 'closed'] as const;
export const customerSelfJoinPolicy = z.enum(customerSelfJoinPolicies, {
  message: 'Self-join policy must be open, approval or closed',
});
export type CustomerSelfJoinPolicy = z.infer<typeof customerSelfJoinPolicy>;

/** How the customer web client reaches the partner: not at all, through a link with a passcode, or openly. */
export const webChannelTypes = ['none', 'secret-link', 'public-link'] as const;
export type WebChannelType = (typeof webChannelTypes)[number];

export const PASSCODE_MIN = 6;
export const PASSCODE_MAX = 32;
export const SIGN_UP_EMAIL_DOMAINS_MAX = 50;
/** Largest per-order cap the column (numeric 12,2) holds with room to spare. */
export const CUSTOMER_MAX_PAYMENT_AMOUNT_MAX = 1_000_000_000;
export const PARTNER_OPERATIONS_NOTE_MAX = 500;

/** A stored secret comes back as eight bullets (and maybe its last four characters); sent back, it means "keep". */

export const PASSCODE_REQUIRED_MESSAGE = 'Passcode is required for a secret link';

/** A new passcode: 6–32 characters, none of them whitespace; a mask sent back keeps the stored one. */
export const webChannelPasscode = z
  .string()
  .refine((v) => isSecretMask(v) || !/\s/.test(v), { message: 'Do not contain whitespace' })
  .refine((v) => isSecretMask(v) || (v.length >= PASSCODE_MIN && v.length <= PASSCODE_MAX), {
    message: `Passcode must be ${PASSCODE_MIN} to ${PASSCODE_MAX} characters`,
  });

export const webChannelInput = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('none') }),
    z.strictObject({ type: z.literal('public-link') }),
    // Optional here: on edit an omitted (or masked) passcode keeps the stored one; the server requires one
    // when nothing is stored yet.
    z.strictObject({ type: z.literal('secret-link'), passcode: webChannelPasscode.optional() }),
  ],
  { message: 'Web channel must be none, secret link or public link' },
);
export type WebChannelInput = z.infer<typeof webChannelInput>;

/** example.com, mail.example.co.uk, xn--bcher-kva.example: labels of letters, digits and inner hyphens. */
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
export const EMAIL_DOMAIN_MESSAGE = 'Must be a domain name such as example.com';

/** One allowed sign-up e-mail domain, trimmed and lower-cased before it is checked. */
export const signUpEmailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(DOMAIN_PATTERN, { message: EMAIL_DOMAIN_MESSAGE });

/** The allowlist: each entry checked on its own index path, duplicates (after lower-casing) dropped. */
export const signUpEmailDomains = z
  .array(signUpEmailDomain)
  .max(SIGN_UP_EMAIL_DOMAINS_MAX, { message: `At most ${SIGN_UP_EMAIL_DOMAINS_MAX} email domains` })
  .transform((domains) => [...new Set(domains)]);

const amountDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

export const customerMaxPaymentAmount = z
  .number({ message: 'Amount must be a number' })
  .min(0, { message: 'Amount must be 0 or more' })
  .max(CUSTOMER_MAX_PAYMENT_AMOUNT_MAX, { message: `Amount must be at most ${CUSTOMER_MAX_PAYMENT_AMOUNT_MAX}` })
  .refine(amountDecimals, { message: 'Amount has at most 2 decimals' });

/** An optional text: absent, null or '' all mean "not set". */
const blankOr = <T extends z.ZodType>(schema: T) =>
  z
    .union([schema, z.literal('')])
    .nullable()
    .optional();

const partnerOperationsFields = {
  currency,
  /** Per order: once charges reach it, no further charge is made (document 2 §9). Absent or null: no cap. */
  customerMaxPaymentAmount: customerMaxPaymentAmount.nullable().optional(),
  timezone: timezoneOffset,
  beepPolicy: devicePolicy,
  batteryLockPolicy: devicePolicy,
  gpsPolicy: devicePolicy,
  lightPolicy: devicePolicy,
  lockPolicy: devicePolicy,
  pushGeolocationCheckpointPolicy: devicePolicy,
  customerSelfJoinPolicy,
  customerSelfJoinNote: optionalText(PARTNER_OPERATIONS_NOTE_MAX).nullable().optional(),
  unavailableNote: optionalText(PARTNER_OPERATIONS_NOTE_MAX).nullable().optional(),
  contactPhone: blankOr(phoneNo),
  contactEmail: blankOr(email),
  webChannel: webChannelInput,
  signUpEmailDomains: signUpEmailDomains.optional(),
};

/** PUT replaces every field (except a passcode omitted or masked, which is kept). */
export const partnerOperationsInput = z.strictObject(partnerOperationsFields);
export type PartnerOperationsInput = z.infer<typeof partnerOperationsInput>;

export const partnerOperationsCreateInput = z.strictObject({ partnerId: id, ...partnerOperationsFields });
export type PartnerOperationsCreateInput = z.infer<typeof partnerOperationsCreateInput>;

export const partnerOperations = z.object({
  partner: z.object({ id, name: z.string() }),
  currency: z.string(),
  customerMaxPaymentAmount: z.number().nullable(),
  timezone: z.string(),
  beepPolicy: devicePolicy,
  batteryLockPolicy: devicePolicy,
  gpsPolicy: devicePolicy,
  lightPolicy: devicePolicy,
  lockPolicy: devicePolicy,
  pushGeolocationCheckpointPolicy: devicePolicy,
  customerSelfJoinPolicy,
  customerSelfJoinNote: z.string().nullable(),
  unavailableNote: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  /** The passcode only ever masked; null unless the channel is a secret link. */
  webChannel: z.object({ type: z.enum(webChannelTypes), passcode: z.string().nullable() }),
  signUpEmailDomains: z.array(z.string()),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type PartnerOperations = z.infer<typeof partnerOperations>;

export const partnerOperationsSortKeys = ['createdAt', 'updatedAt'] as const;
export const partnerOperationsListQuery = pageQuery.extend({
  partnerId: id.optional(),
  sort: sortQuery(partnerOperationsSortKeys),
});
export type PartnerOperationsListQuery = z.infer<typeof partnerOperationsListQuery>;

export const partnerKeyParams = z.strictObject({ partnerId: id });

/* ---------- Partner sign-up config ---------- */

export const signUpConfig = z.object({
  partner: z.object({ id, name: z.string() }),
  isEnabled: z.boolean(),
  requireEmailVerification: z.boolean(),
  requireIdVerification: z.boolean(),
  isReferralEnabled: z.boolean(),
  welcomeNote: z.string().nullable(),
  /** What a sign-up link carries; a new one invalidates every link handed out before. */
  token: z.string(),
  /** The customer client link with the token, or null while the account has no client link (CLIENT_LINK_URL). */
  signUpLink: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type SignUpConfig = z.infer<typeof signUpConfig>;

/** PUT changes the fields it carries; `regenerateToken: true` issues a new token. */
export const signUpConfigInput = z.strictObject({
  isEnabled: z.boolean().optional(),
  requireEmailVerification: z.boolean().optional(),
  requireIdVerification: z.boolean().optional(),
  isReferralEnabled: z.boolean().optional(),
  welcomeNote: optionalText(PARTNER_OPERATIONS_NOTE_MAX).nullable().optional(),
  regenerateToken: z.literal(true).optional(),
});
export type SignUpConfigInput = z.infer<typeof signUpConfigInput>;

export const signUpConfigCreateInput = z.strictObject({ partnerId: id });

export const signUpConfigListQuery = pageQuery.extend({ partnerId: id.optional() });

/* ---------- Partner settings overview ---------- */

export const overviewItemKeys = [
  'operationSetting',
  'smsService',
  'partnerOperations',
  'signUpConfig',
  'paymentMethods',
  'sites',
  'terms',
  'privacyPolicy',
] as const;
export type OverviewItemKey = (typeof overviewItemKeys)[number];

/**
 * What a partner needs before customers can rent (checkout refuses with PartnerConfigIncomplete otherwise):
 * a confirmed operation setting, partner operations, an enabled payment method, a site, terms and a privacy
 * policy. SMS and sign-up are optional: staff can create customers and sign in by e-mail without them.
 */
export const requiredToRent = [
  'operationSetting',
  'partnerOperations',
  'paymentMethods',
  'sites',
  'terms',
  'privacyPolicy',
] as const satisfies readonly OverviewItemKey[];
export type RequiredToRent = (typeof requiredToRent)[number];

const presence = z.enum(['complete', 'missing']);
export const overviewItems = z.object({
  operationSetting: z.enum(['complete', 'unconfirmed', 'missing']),
  smsService: presence,
  partnerOperations: presence,
  signUpConfig: z.enum(['enabled', 'disabled', 'missing']),
  paymentMethods: presence,
  sites: presence,
  terms: presence,
  privacyPolicy: presence,
});
export type OverviewItems = z.infer<typeof overviewItems>;
export type OverviewItemState = OverviewItems[OverviewItemKey];

export const partnerOverview = z.object({
  partner: z.object({ id, name: z.string() }),
  items: overviewItems,
  /** The required items that are not complete, in the order of `requiredToRent`. */
  missing: z.array(z.enum(requiredToRent)),
  isComplete: z.boolean(),
});
export type PartnerOverview = z.infer<typeof partnerOverview>;

export const partnerOverviewQuery = pageQuery.extend({
  search: z.string().max(100).optional(),
  /** `true` keeps only partners that cannot rent yet. */
  incomplete: z
    .enum(['true', 'false'], { message: 'Must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export type PartnerOverviewQuery = z.infer<typeof partnerOverviewQuery>;

/** Refusal codes of this area beyond the common ones (document 2 §8 "Codes by area"). */
export const partnerOperationsErrorCodes = [
  'PartnerOperationsExists',
  'PartnerSignUpConfigExists',
  'PartnerNotOpenToJoin',
  'PartnerSignUpEnabled',
  'PartnerConfigIncomplete',
] as const;

const read = requires('rental_partner_config.read');
const write = requires('rental_partner_config.write');

export const partnerOperationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/account/partners/$all/operations',
    summary: 'Partner operations of the partners in scope, newest first',
    tag: 'partner-operations',
    requires: read,
    query: partnerOperationsListQuery,
    response: listOf(partnerOperations),
  }),
  get: endpoint({
    method: 'GET',
    path: '/account/partners/:partnerId/operations',
    summary: "One partner's operations (404 until they are set)",
    tag: 'partner-operations',
    requires: read,
    params: partnerKeyParams,
    response: dataOf(partnerOperations),
  }),
  create: endpoint({
    method: 'POST',
    path: '/account/partners/operations',
    summary: 'Set the operations of a partner that has none (409 PartnerOperationsExists otherwise)',
    tag: 'partner-operations',
    requires: write,
    body: partnerOperationsCreateInput,
    response: dataOf(partnerOperations),
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/account/partners/:partnerId/operations',
    summary: "Replace a partner's operations; an omitted or masked passcode is kept",
    tag: 'partner-operations',
    requires: write,
    params: partnerKeyParams,
    body: partnerOperationsInput,
    response: dataOf(partnerOperations),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/account/partners/:partnerId/operations',
    summary: "Delete a partner's operations (refused while its sign-up is enabled)",
    tag: 'partner-operations',
    requires: write,
    params: partnerKeyParams,
    response: emptyResponse,
  }),
};

export const signUpConfigEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/account/partners/$all/signUpConfig',
    summary: 'Sign-up configs of the partners in scope',
    tag: 'partner-operations',
    requires: read,
    query: signUpConfigListQuery,
    response: listOf(signUpConfig),
  }),
  get: endpoint({
    method: 'GET',
    path: '/account/partners/:partnerId/signUpConfig',
    summary: "A partner's sign-up config with its token and link (404 until created)",
    tag: 'partner-operations',
    requires: read,
    params: partnerKeyParams,
    response: dataOf(signUpConfig),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/account/partners/:partnerId/signUpConfig',
    summary: 'Change the fields sent; regenerateToken issues a new token (old links stop working)',
    tag: 'partner-operations',
    requires: write,
    params: partnerKeyParams,
    body: signUpConfigInput,
    response: dataOf(signUpConfig),
  }),
  create: endpoint({
    method: 'POST',
    path: '/account/$createPartnerSignUpConfig',
    summary: 'Create the sign-up config of a partner (disabled, with a fresh token)',
    tag: 'partner-operations',
    requires: write,
    body: signUpConfigCreateInput,
    response: dataOf(signUpConfig),
    status: 201,
  }),
};

export const partnerOverviewEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/account/partners/$all/overview',
    summary: 'Per partner in scope: which settings are complete, which required ones are missing',
    tag: 'partner-operations',
    requires: requires('partner.read', 'rental_partner_config.read'),
    query: partnerOverviewQuery,
    response: listOf(partnerOverview),
  }),
};
