import { z } from 'zod';
import {
  dataOf,
  email,
  emptyResponse,
  id,
  idParams,
  isoDateTime,
  listOf,
  optionalText,
  pageQuery,
  phoneNo,
  sortQuery,
  trimmedText,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { partnerRef } from './partners.ts';
import { requires } from './permissions.ts';

/** Document 2 §3 "Customer". */
export const marketingReportedSources = [
  'word-of-mouth',
  'referral',
  'foot-traffic',
  'phone',
  'social-media',
  'online-ads',
  'events-or-flyers',
  'google-search',
  'app',
  'returning',
] as const;
export type MarketingReportedSource = (typeof marketingReportedSources)[number];

/** Document 2 §4: pending (to be reviewed), approved, denied, not apply (nothing submitted). */
export const idVerificationStatuses = ['pending', 'approved', 'denied', 'not-apply'] as const;
export type IdVerificationStatus = (typeof idVerificationStatuses)[number];

export const identityDocumentTypes = ['id-card', 'driver-license', 'passport'] as const;
export type IdentityDocumentType = (typeof identityDocumentTypes)[number];

export const identityImageKinds = ['frontImage', 'backImage', 'selfie'] as const;
export type IdentityImageKind = (typeof identityImageKinds)[number];

export const customerStatuses = ['active', 'deleted'] as const;
export type CustomerStatus = (typeof customerStatuses)[number];

/** Document 2 §3 "Payment methods". */
export const customerPaymentMethodTypes = [
  'credit-card',
  'debit-sepa',
  'wallet-apple-pay',
  'wallet-google-pay',
] as const;
export type CustomerPaymentMethodType = (typeof customerPaymentMethodTypes)[number];

/** Document 2 §5 and §9: six letters or digits. */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{6}$/;
export const referralCodeInput = z.string().trim();

/** Codes of document 2 §8 "Sign-up and referral". */
export const referralErrorCodes = [
  'ReferralCodeAlreadyConfirmed',
  'ReferralCodeInvalid',
  'ReferralCodeFormattedError',
  'ReferralCodeBelongsThemselves',
] as const;

/** Document 2 §5 "Images": JPEG or PNG, up to 5 MB. */
export const IDENTITY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const PHONE_EXISTS_IN_PARTNER = 'phone number already exists in that partner';

/** An address as a customer gives it; every part optional, an address of blanks counts as none. */
export const customerAddress = z.strictObject({
  line1: optionalText(100).optional(),
  line2: optionalText(100).optional(),
  city: optionalText(50).optional(),
  zip: optionalText(10).optional(),
  region: optionalText(50).optional(),
  country: optionalText(50).optional(),
});
export type CustomerAddress = z.infer<typeof customerAddress>;

export const customerName = z.strictObject({ first: trimmedText(50), last: trimmedText(50) });

/** Document 2 §5: a customer's initial password has at least 6 characters (staff passwords need more). */
export const CUSTOMER_MIN_PASSWORD_LENGTH = 6;
export const customerPassword = z
  .string()
  .min(CUSTOMER_MIN_PASSWORD_LENGTH, {
    message: `Password must be at least ${CUSTOMER_MIN_PASSWORD_LENGTH} characters`,
  })
  .max(256);

/**
 * What staff may write on a profile. Which of the optional fields are required, optional or not collected is the
 * account's customer-information-collection setting, checked by the server (and shown by the form).
 */
const profileFields = {
  phoneNo,
  name: customerName,
  email: z
    .union([email, z.literal('')])
    .nullable()
    .optional(),
  whatsApp: z
    .union([phoneNo, z.literal('')])
    .nullable()
    .optional(),
  contactAddress: customerAddress.nullable().optional(),
  overnightAddress: customerAddress.nullable().optional(),
  marketingReportedSource: z.enum(marketingReportedSources).nullable().optional(),
  isMarketingConsented: z.boolean().nullable().optional(),
  note: optionalText(500).nullable().optional(),
};

export const customerCreate = z.strictObject({
  /** The partner the customer joins first; the phone number must be unused there. */
  partnerId: id,
  /**
   * Optional at the counter: a customer created without one sets it later through the client link (password reset
   * or the app's sign-up). When given, the rule of document 2 §5 applies.
   */
  password: customerPassword.optional(),
  ...profileFields,
});
export type CustomerCreate = z.infer<typeof customerCreate>;

export const customerUpdate = z.strictObject({
  phoneNo: phoneNo.optional(),
  name: customerName.optional(),
  email: profileFields.email,
  whatsApp: profileFields.whatsApp,
  contactAddress: profileFields.contactAddress,
  overnightAddress: profileFields.overnightAddress,
  marketingReportedSource: profileFields.marketingReportedSource,
  isMarketingConsented: profileFields.isMarketingConsented,
  note: profileFields.note,
});
export type CustomerUpdate = z.infer<typeof customerUpdate>;

const isoDate = z.iso.date({ message: 'Must be a date (YYYY-MM-DD)' });

/** An identity verification as submitted; images are uploaded first and referred to by their kind. */
export const identityVerificationInput = z
  .strictObject({
    documentType: z.enum(identityDocumentTypes).nullable().optional(),
    documentNumber: optionalText(50).nullable().optional(),
    /** US only; stored encrypted, answered masked and only to callers with customer.read_detail. */
    ssnOrItin: z
      .string()
      .regex(/^(\d{3}-?\d{2}-?\d{4}|[•]{8}\d{0,4})$/, { message: 'SSN or ITIN must be nine digits (123-45-6789)' })
      .nullable()
      .optional(),
    firstName: optionalText(50).nullable().optional(),
    lastName: optionalText(50).nullable().optional(),
    dateOfBirth: isoDate.nullable().optional(),
    issueDate: isoDate.nullable().optional(),
    expiryDate: isoDate.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.issueDate && v.expiryDate && v.expiryDate <= v.issueDate)
      ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'End must be later than start' });
    if (v.dateOfBirth && v.dateOfBirth >= new Date().toISOString().slice(0, 10))
      ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: 'Date of birth must be in the past' });
  });
export type IdentityVerificationInput = z.infer<typeof identityVerificationInput>;

export const identityReview = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('approved') }),
  z.strictObject({ decision: z.literal('denied'), reason: trimmedText(300) }),
]);
export type IdentityReview = z.infer<typeof identityReview>;

export const identityVerification = z.object({
  status: z.enum(idVerificationStatuses),
  documentType: z.enum(identityDocumentTypes).nullable(),
  documentNumber: z.string().nullable(),
  /** Masked ("••••••••6789"); absent for callers without customer.read_detail. */
  ssnOrItin: z.string().nullable().optional(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  issueDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  /** Which images are on file; they are served by the image call, only to callers with customer.read_detail. */
  images: z.object({ frontImage: z.boolean(), backImage: z.boolean(), selfie: z.boolean() }),
  submittedAt: isoDateTime.nullable(),
  reviewedAt: isoDateTime.nullable(),
  reviewer: z.object({ id, name: z.string() }).nullable(),
  denyReason: z.string().nullable(),
});
export type IdentityVerification = z.infer<typeof identityVerification>;

export const customerPaymentMethod = z.object({
  id,
  type: z.enum(customerPaymentMethodTypes),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  /** Invalid: expired, or refused by the provider at the last charge. */
  valid: z.boolean(),
  createdAt: isoDateTime,
});
export type CustomerPaymentMethod = z.infer<typeof customerPaymentMethod>;

export const customerMembership = z.object({ partner: partnerRef, joinedAt: isoDateTime });
export type CustomerMembership = z.infer<typeof customerMembership>;

/** A row of the customer list. */
export const customerSummary = z.object({
  id,
  phoneNo: z.string(),
  name: z.object({ first: z.string(), last: z.string() }),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  status: z.enum(customerStatuses),
  isArchived: z.boolean(),
  idVerificationStatus: z.enum(idVerificationStatuses),
  referralCode: z.string(),
  memberships: z.array(customerMembership),
  /** At least one valid payment method is on file ("card bound"). */
  paymentMethodBound: z.boolean(),
  marketingReportedSource: z.enum(marketingReportedSources).nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type CustomerSummary = z.infer<typeof customerSummary>;

export const customer = customerSummary.extend({
  whatsApp: z.string().nullable(),
  contactAddress: customerAddress.nullable(),
  overnightAddress: customerAddress.nullable(),
  isMarketingConsented: z.boolean().nullable(),
  note: z.string().nullable(),
  referrer: z
    .object({
      id,
      name: z.object({ first: z.string(), last: z.string() }),
      phoneNo: z.string(),
      referralCode: z.string(),
    })
    .nullable(),
  referralConfirmedAt: isoDateTime.nullable(),
  /**
   * Whether the caller's partner scope reaches every partner the customer is a member of. Only then may they change
   * the customer's shared account: phone number, e-mail, name, password, payment methods, deletion.
   */
  wholeCustomerInScope: z.boolean(),
  identityVerification: identityVerification,
  paymentMethods: z.array(customerPaymentMethod),
});
export type Customer = z.infer<typeof customer>;

export const customerSortKeys = ['createdAt', 'updatedAt', 'name', 'phoneNo', 'isArchived'] as const;

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const customerListQuery = pageQuery.extend({
  /** Phone, name, e-mail or referral code. */
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  partnerId: id.optional(),
  status: z.enum(customerStatuses).optional(),
  idVerificationStatus: z.enum(idVerificationStatuses).optional(),
  paymentMethodBound: z.enum(['true', 'false']).optional(),
  createdFrom: isoDateTime.optional(),
  createdTo: isoDateTime.optional(),
  /** Archived (deleted) customers always come last, then this order (document 1 §7.6). */
  sort: sortQuery(customerSortKeys),
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

/** Document 2 §9 keeps exports bounded; the customer export holds at most this many rows. */
export const CUSTOMER_EXPORT_MAX = 5000;
export const customerExportQuery = customerListQuery.omit({ pageNo: true, pageSize: true });

export const customerFieldLog = z.object({
  id,
  user: z.object({ id, name: z.string() }).nullable(),
  createdAt: isoDateTime,
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type CustomerFieldLog = z.infer<typeof customerFieldLog>;

export const referralCodeBody = z.strictObject({ referralCode: referralCodeInput });
export const referralLookupBody = z.strictObject({ referralCode: referralCodeInput, partnerId: id.optional() });

export const referralMatch = z.object({
  id,
  name: z.object({ first: z.string(), last: z.string() }),
  phoneNo: z.string(),
  referralCode: z.string(),
  memberships: z.array(customerMembership),
});

export const membershipInput = z.strictObject({ partnerId: id });
export const customerPaymentMethodParams = z.strictObject({ id, paymentMethodId: id });
export const identityImageParams = z.strictObject({ id, kind: z.enum(identityImageKinds) });
export const customerMailInput = z.strictObject({ kind: z.enum(['email-verification', 'bind-card']) });
/** The new password is shown once to the staff member who reset it and mailed to the customer. */
export const customerPasswordReset = z.object({ password: z.string() });
export const emailVerificationBody = z.strictObject({ token: z.string().min(1).max(200) });

/** Staff mark the e-mail verified after seeing the customer's ID; the reason is kept in the field log. */
export const emailVerifiedMark = z.strictObject({ reason: trimmedText(300) });
export type EmailVerifiedMark = z.infer<typeof emailVerifiedMark>;

/**
 * A payment method the provider made from the card staff typed (the local provider's tokenize call, or a Stripe
 * SetupIntent confirmed by Stripe Elements), to be attached to the customer. The card number never comes here.
 */
export const customerCardAttach = z.strictObject({
  paymentMethodId: z
    .string()
    .trim()
    .regex(/^pm_\w{1,200}$/, { message: 'Must be a payment method id of the provider (pm_…)' }),
});
export type CustomerCardAttach = z.infer<typeof customerCardAttach>;

/** What the browser needs to collect a card with the provider: Stripe's SetupIntent secret, nothing for local. */
export const customerCardSetup = z.object({
  provider: z.enum(['local', 'stripe']),
  clientSecret: z.string().nullable(),
});
export type CustomerCardSetup = z.infer<typeof customerCardSetup>;

const read = requires('customer.read');
const update = requires('customer.update');
const tag = 'customers';

export const customerEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/customer/customers',
    summary: 'Customers of the partners in scope; archived last, newest first unless sorted otherwise',
    tag,
    requires: read,
    query: customerListQuery,
    response: listOf(customerSummary),
  }),
  export: endpoint({
    method: 'GET',
    path: '/customer/customers/$export',
    summary: `The customers matching the filters as CSV, at most ${CUSTOMER_EXPORT_MAX} (422 ExportTooLarge above)`,
    tag,
    requires: [['customer.read', 'customer.export_data']],
    query: customerExportQuery,
    response: z.unknown(),
  }),
  get: endpoint({
    method: 'GET',
    path: '/customer/customers/:id',
    summary: 'One customer; the SSN/ITIN is answered (masked) only with customer.read_detail',
    tag,
    requires: read,
    params: idParams,
    response: dataOf(customer),
  }),
  create: endpoint({
    method: 'POST',
    path: '/customer/customers',
    summary: 'Create a customer in one partner with an initial password',
    tag,
    requires: update,
    body: customerCreate,
    response: dataOf(customer),
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/customer/customers/:id',
    summary: 'Change the fields it carries; the collection setting applies to those fields',
    tag,
    requires: update,
    params: idParams,
    body: customerUpdate,
    response: dataOf(customer),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/customer/customers/:id',
    summary: 'Delete a customer (kept as deleted; the phone number becomes free in its partners)',
    tag,
    requires: requires('customer.delete'),
    params: idParams,
    response: emptyResponse,
  }),
  restore: endpoint({
    method: 'POST',
    path: '/customer/customers/:id/$restore',
    summary: 'Make a deleted customer active again (refused when their phone number is now used in a partner)',
    tag,
    requires: requires('customer.delete'),
    params: idParams,
    response: dataOf(customer),
  }),
  fieldLogs: endpoint({
    method: 'GET',
    path: '/customer/customers/:id/fieldLogs',
    summary: 'Who changed which field of a customer, newest first',
    tag,
    requires: read,
    params: idParams,
    query: pageQuery,
    response: listOf(customerFieldLog),
  }),
  getByReferralCode: endpoint({
    method: 'POST',
    path: '/customer/customers/$getByReferralCode',
    summary: 'The customer a referral code belongs to (optionally only within one partner)',
    tag,
    requires: read,
    body: referralLookupBody,
    response: dataOf(referralMatch),
  }),
  confirmReferrerCode: endpoint({
    method: 'POST',
    path: '/customer/customers/:id/$confirmReferrerCode',
    summary: 'Record who referred the customer; once confirmed it cannot be changed',
    tag,
    requires: update,
    params: idParams,
    body: referralCodeBody,
    response: dataOf(customer),
  }),
  addMembership: endpoint({
    method: 'POST',
    path: '/customer/customers/:id/memberships',
    summary: 'Let the customer join one more partner (phone number unique within it)',
    tag,
    requires: update,
    params: idParams,
    body: membershipInput,
    response: dataOf(customer),
    status: 201,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/customer/customers/:id/$resetPassword',
    summary: 'Set a one-time password and mail it to the customer when an e-mail is known',
    tag,
    requires: update,
    params: idParams,
    response: dataOf(customerPasswordReset),
  }),
  sendMail: endpoint({
    method: 'POST',
    path: '/customer/customers/:id/$sendMail',
    summary: 'Send the e-mail verification or the bind-card link to the customer',
    tag,
    requires: update,
    params: idParams,
    body: customerMailInput,
    response: emptyResponse,
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/customer/$verifyEmail',
    summary: 'The link of a verification e-mail: marks the address verified (single use, 24 h)',
    tag,
    requires: 'public',
    body: emailVerificationBody,
    response: emptyResponse,
  }),
  markEmailVerified: endpoint({
    method: 'POST',
    path: '/customer/customers/:id/$markEmailVerified',
    summary: "Mark the customer's e-mail verified after seeing their ID at the counter; the reason is logged",
    tag,
    // Like an identity review: the staff member vouches for the person, so they must be allowed to see documents.
    requires: [['customer.update', 'customer.read_detail']],
    params: idParams,
    body: emailVerifiedMark,
    response: dataOf(customer),
  }),
  cardSetup: endpoint({
    method: 'POST',
    path: '/customer/customers/:id/paymentMethods/$setup',
    summary:
      "Start taking a card for the customer: a Stripe SetupIntent's client secret (none with the local provider)",
    tag,
    requires: update,
    params: idParams,
    response: dataOf(customerCardSetup),
  }),
  attachCard: endpoint({
    method: 'POST',
    path: '/customer/customers/:id/paymentMethods',
    summary: 'Attach a card the provider tokenized (pm_…) to the customer; declines answer 422 CardDeclined',
    tag,
    requires: update,
    params: idParams,
    body: customerCardAttach,
    response: dataOf(customer),
    status: 201,
  }),
  removePaymentMethod: endpoint({
    method: 'DELETE',
    path: '/customer/customers/:id/paymentMethods/:paymentMethodId',
    summary: 'Remove a payment method from the customer',
    tag,
    requires: requires('customer.payment.delete'),
    params: customerPaymentMethodParams,
    response: emptyResponse,
  }),
  submitIdentity: endpoint({
    method: 'PUT',
    path: '/customer/customers/:id/identityVerification',
    summary: 'Submit an identity verification for review (the collection setting applies)',
    tag,
    requires: update,
    params: idParams,
    body: identityVerificationInput,
    response: dataOf(customer),
  }),
  uploadIdentityImage: endpoint({
    method: 'PUT',
    path: '/customer/customers/:id/identityVerification/images/:kind',
    summary: 'Upload an identity image (JPEG or PNG, up to 5 MB), kept until the verification is submitted',
    tag,
    requires: update,
    params: identityImageParams,
    multipart: true,
    response: emptyResponse,
  }),
  identityImage: endpoint({
    method: 'GET',
    path: '/customer/customers/:id/identityVerification/images/:kind',
    summary: 'An identity image; only for callers with customer.read_detail',
    tag,
    requires: requires('customer.read_detail'),
    params: identityImageParams,
    response: z.unknown(),
  }),
  reviewIdentity: endpoint({
    method: 'POST',
    path: '/customer/customers/:id/identityVerification/$review',
    summary: 'Pass or deny a pending identity verification',
    tag,
    requires: [['customer.update', 'customer.read_detail']],
    params: idParams,
    body: identityReview,
    response: dataOf(customer),
  }),
};
