import { z } from 'zod';
import {
  dataOf,
  emptyResponse,
  id,
  idParams,
  isoDateTime,
  listOf,
  pageQuery,
  sortQuery,
  timezoneOffset,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { requires } from './permissions.ts';

/**
 * Document 2 "Operation setting" (one per partner) and "SMS service" (one per partner), with the rules of
 * document 2 §5 "Operation settings" and "SMS fields". Paths are a design choice (docs/decisions.md
 * "Operation settings and SMS service").
 */

export const customerPlans = ['free', 'paid-for-rent'] as const;
export const creditCardPolicies = ['required', 'not-required'] as const;
export const depositPolicies = ['free', 'required'] as const;
export type CustomerPlan = (typeof customerPlans)[number];
export type CreditCardPolicy = (typeof creditCardPolicies)[number];
export type DepositPolicy = (typeof depositPolicies)[number];

export const OPERATION_MESSAGES = {
  creditCardRequired: 'CreditCard policy must be required',
  depositFree: 'Deposit policy must be free',
  depositRequired: 'Deposit policy must be required',
  currency: 'Currency must be selected',
  timezoneSelected: 'Timezone must be selected',
  timezoneFull: 'Timezone must be full fill',
  partnerSet: 'The partner have already been set',
  serviceIncomplete: 'Fill in every field of this service, or clear them all',
  noWhitespace: 'Do not contain whitespace',
  required: 'This field is required',
  customerPlan: 'Customer plan must be selected',
  creditCardPolicy: 'CreditCard policy must be selected',
  depositPolicy: 'Deposit policy must be selected',
  partner: 'Partner must be selected',
} as const;

/** ISO 4217 codes the runtime knows (the same list in Node and in the browser's Intl). */
export const currencyCodes: readonly string[] = Intl.supportedValuesOf('currency');
const knownCurrencies = new Set(currencyCodes);

/** ISO 4217 code; absent, blank and unknown all read "Currency must be selected" (it is a picker). */
export const operationCurrency = z
  .string({ error: OPERATION_MESSAGES.currency })
  .refine((v) => knownCurrencies.has(v), { message: OPERATION_MESSAGES.currency });

/**
 * "+HH:MM": absent or blank is "Timezone must be selected", anything partial ("+01", "+1:00") is "Timezone
 * must be full fill", and the common offset rule (not over 12:00) still applies.
 */
export const operationTimezone = z.string({ error: OPERATION_MESSAGES.timezoneSelected }).superRefine((v, ctx) => {
  if (v.trim() === '') {
    ctx.addIssue({ code: 'custom', message: OPERATION_MESSAGES.timezoneSelected });
    return;
  }
  const parsed = timezoneOffset.safeParse(v);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? OPERATION_MESSAGES.timezoneFull });
  }
});

/** Every timezone offset a partner can pick, from -12:00 to +12:00 (quarter hours included, e.g. +05:45). */
export const timezoneOffsets: readonly string[] = (() => {
  const out: string[] = [];
  for (let minutes = -720; minutes <= 720; minutes += 15) {
    const abs = Math.abs(minutes);
    const hh = String(Math.floor(abs / 60)).padStart(2, '0');
    const mm = String(abs % 60).padStart(2, '0');
    // Only the offsets in real use (whole and half hours, plus :45 for Nepal and Chatham) are offered.
    if (abs % 60 === 15 || (abs % 60 === 45 && ![345, 525, 765].includes(abs))) continue;
    out.push(`${minutes < 0 ? '-' : '+'}${hh}:${mm}`);
  }
  return out;
})();

/**
 * The service keys of a setting. Each service lists its fields; `secret` ones are sealed at rest and only
 * ever returned masked. The lists follow what each provider hands out (docs/decisions.md).
 */
export const operationServiceFields = {
  captcha: [
    { name: 'siteKey', secret: false },
    { name: 'secretKey', secret: true },
  ],
  sms: [
    { name: 'senderId', secret: false },
    { name: 'apiKey', secret: true },
  ],
  paymentChannel: [
    { name: 'publishableKey', secret: false },
    { name: 'secretKey', secret: true },
    { name: 'webhookSecret', secret: true },
  ],
  imageService: [
    { name: 'cloudName', secret: false },
    { name: 'apiKey', secret: false },
    { name: 'apiSecret', secret: true },
  ],
} as const;
export type OperationServiceName = keyof typeof operationServiceFields;
export const operationServiceNames = Object.keys(operationServiceFields) as OperationServiceName[];

export const SERVICE_KEY_MAX = 500;

/** A key field as sent: '' clears it, a mask ("••••••••1234") or leaving it out keeps the stored secret. */
const serviceKey = z
  .string()
  .max(SERVICE_KEY_MAX, { message: `Must be at most ${SERVICE_KEY_MAX} characters` })
  .refine((v) => !/\s/.test(v), { message: OPERATION_MESSAGES.noWhitespace });

/** Whether a key value sent by a client stands for "keep what is stored" (the mask it was shown). */

type ServiceValues = Partial<Record<string, string | undefined>>;

/**
 * "A service has all its fields filled or all cleared": the empty fields of a half-filled service, each
 * named. A left-out field counts as filled (a PATCH keeps it); the server checks the merged result again.
 */
export function incompleteServiceFields(service: OperationServiceName, values: ServiceValues): string[] {
  const names = operationServiceFields[service].map((f) => f.name as string);
  const empty = names.filter((n) => values[n] === '');
  return empty.length > 0 && empty.length < names.length ? empty : [];
}

function serviceInput<S extends OperationServiceName>(service: S) {
  const shape = Object.fromEntries(operationServiceFields[service].map((f) => [f.name, serviceKey.optional()]));
  return z
    .strictObject(shape as Record<(typeof operationServiceFields)[S][number]['name'], z.ZodOptional<typeof serviceKey>>)
    .superRefine(
      (values, ctx) => {
        if (typeof values !== 'object' || values === null) return;
        for (const name of incompleteServiceFields(service, values as ServiceValues)) {
          ctx.addIssue({ code: 'custom', path: [name], message: OPERATION_MESSAGES.serviceIncomplete });
        }
      },
      { when: () => true },
    );
}

export const operationServicesInput = z.strictObject({
  captcha: serviceInput('captcha').optional(),
  sms: serviceInput('sms').optional(),
  paymentChannel: serviceInput('paymentChannel').optional(),
  imageService: serviceInput('imageService').optional(),
});
export type OperationServicesInput = z.infer<typeof operationServicesInput>;

/** The plan and policy fields, for the rule check shared by the schema, the server and the console form. */
export interface OperationPolicies {
  customerPlan?: string | undefined;
  creditCardPolicy?: string | undefined;
  depositPolicy?: string | undefined;
}

/** Document 2 §5: free requires card required and deposit free; paid for rent requires deposit required. */
export function policyIssues(v: OperationPolicies): { path: 'creditCardPolicy' | 'depositPolicy'; message: string }[] {
  const issues: { path: 'creditCardPolicy' | 'depositPolicy'; message: string }[] = [];
  if (v.customerPlan === 'free') {
    if (v.creditCardPolicy !== undefined && v.creditCardPolicy !== 'required') {
      issues.push({ path: 'creditCardPolicy', message: OPERATION_MESSAGES.creditCardRequired });
    }
    if (v.depositPolicy !== undefined && v.depositPolicy !== 'free') {
      issues.push({ path: 'depositPolicy', message: OPERATION_MESSAGES.depositFree });
    }
  }
  if (v.customerPlan === 'paid-for-rent' && v.depositPolicy !== undefined && v.depositPolicy !== 'required') {
    issues.push({ path: 'depositPolicy', message: OPERATION_MESSAGES.depositRequired });
  }
  return issues;
}

const settingFields = {
  accountPartnerId: z.uuid({ error: OPERATION_MESSAGES.partner }),
  customerPlan: z.enum(customerPlans, { error: OPERATION_MESSAGES.customerPlan }),
  creditCardPolicy: z.enum(creditCardPolicies, { error: OPERATION_MESSAGES.creditCardPolicy }),
  depositPolicy: z.enum(depositPolicies, { error: OPERATION_MESSAGES.depositPolicy }),
  currency: operationCurrency,
  timezone: operationTimezone,
  services: operationServicesInput.optional(),
};

/**
 * The plan rules run even when another field is wrong (`when`), so a form shows every message at once; a
 * policy that is itself missing is reported by its own field, not by the rule.
 */
const withPolicyRules = <T extends z.ZodType>(schema: T) =>
  schema.superRefine(
    (raw, ctx) => {
      const value = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
      const text = (k: string) => (typeof value[k] === 'string' ? (value[k] as string) : undefined);
      const issues = policyIssues({
        customerPlan: text('customerPlan'),
        creditCardPolicy: text('creditCardPolicy'),
        depositPolicy: text('depositPolicy'),
      });
      for (const issue of issues) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    },
    { when: () => true },
  );

export const operationSettingInput = withPolicyRules(z.strictObject(settingFields));
export type OperationSettingInput = z.infer<typeof operationSettingInput>;

/**
 * PATCH: any field; the plan rules apply to the merged setting on the server. The partner may be sent (a form
 * sends whole rows) but must be the setting's own partner.
 */
export const operationSettingPatch = withPolicyRules(z.strictObject(settingFields).partial());
export type OperationSettingPatch = z.infer<typeof operationSettingPatch>;

const serviceOut = <S extends OperationServiceName>(service: S) =>
  z
    .object(
      Object.fromEntries(operationServiceFields[service].map((f) => [f.name, z.string()])) as Record<
        (typeof operationServiceFields)[S][number]['name'],
        z.ZodString
      >,
    )
    .nullable();

/** Configured services with their public fields in full and their secrets masked; null when not set. */
export const operationServices = z.object({
  captcha: serviceOut('captcha'),
  sms: serviceOut('sms'),
  paymentChannel: serviceOut('paymentChannel'),
  imageService: serviceOut('imageService'),
});
export type OperationServices = z.infer<typeof operationServices>;

export const operationSetting = z.object({
  id,
  accountPartnerId: id,
  partnerName: z.string(),
  customerPlan: z.enum(customerPlans),
  creditCardPolicy: z.enum(creditCardPolicies),
  depositPolicy: z.enum(depositPolicies),
  currency: z.string(),
  timezone: z.string(),
  services: operationServices,
  /** Confirmed = the partner's business model; its currency is then fixed. */
  isConfirmed: z.boolean(),
  confirmedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type OperationSetting = z.infer<typeof operationSetting>;

export const operationSettingSortKeys = ['createdAt', 'updatedAt'] as const;
export const operationSettingListQuery = pageQuery.extend({
  partnerId: id.optional(),
  sort: sortQuery(operationSettingSortKeys),
});
export type OperationSettingListQuery = z.infer<typeof operationSettingListQuery>;

/** Document 2 §5 "SMS fields: no whitespace"; each value is also required and at most 200 characters. */
const smsField = z
  .string({ error: OPERATION_MESSAGES.required })
  .max(200, { message: 'Must be at most 200 characters' })
  .refine((v) => v.length > 0, { message: OPERATION_MESSAGES.required })
  .refine((v) => !/\s/.test(v), { message: OPERATION_MESSAGES.noWhitespace });

/** PUT body; an authToken equal to the mask it was shown keeps the stored token. */
export const smsServiceInput = z.strictObject({
  accountSid: smsField,
  authToken: smsField,
  pathServiceSid: smsField,
});
export type SmsServiceInput = z.infer<typeof smsServiceInput>;

export const smsService = z.object({
  accountPartnerId: id,
  partnerName: z.string(),
  accountSid: z.string(),
  /** Always masked. */
  authToken: z.string(),
  pathServiceSid: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type SmsService = z.infer<typeof smsService>;

export const smsPartnerParams = z.strictObject({ partnerId: id });

export const operationSettingEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/account/settings/operations',
    summary: 'Operation settings of the partners in scope, newest first',
    tag: 'operations',
    requires: requires('config.read'),
    query: operationSettingListQuery,
    response: listOf(operationSetting),
  }),
  get: endpoint({
    method: 'GET',
    path: '/account/settings/operations/:id',
    summary: 'One operation setting (secrets masked)',
    tag: 'operations',
    requires: requires('config.read'),
    params: idParams,
    response: dataOf(operationSetting),
  }),
  create: endpoint({
    method: 'POST',
    path: '/account/settings/operations',
    summary: 'Create the operation setting of a partner that has none',
    tag: 'operations',
    requires: requires('config.write'),
    body: operationSettingInput,
    response: dataOf(operationSetting),
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/account/settings/operations/:id',
    summary: 'Change an operation setting; a masked or omitted secret keeps the stored one',
    tag: 'operations',
    requires: requires('config.write'),
    params: idParams,
    body: operationSettingPatch,
    response: dataOf(operationSetting),
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/account/settings/operations/:id/$confirm',
    summary: 'Make the setting the business model of its partner (its currency is fixed from then on)',
    tag: 'operations',
    requires: requires('config.write'),
    params: idParams,
    response: dataOf(operationSetting),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/account/settings/operations/:id',
    summary: 'Delete an unconfirmed operation setting',
    tag: 'operations',
    requires: requires('config.write'),
    params: idParams,
    response: emptyResponse,
  }),
};

export const smsServiceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/account/settings/smsServices',
    summary: 'SMS services of the partners in scope (auth tokens masked)',
    tag: 'operations',
    requires: requires('config.read'),
    response: listOf(smsService),
  }),
  get: endpoint({
    method: 'GET',
    path: '/account/settings/smsServices/:partnerId',
    summary: 'The SMS service of a partner',
    tag: 'operations',
    requires: requires('config.read'),
    params: smsPartnerParams,
    response: dataOf(smsService),
  }),
  put: endpoint({
    method: 'PUT',
    path: '/account/settings/smsServices/:partnerId',
    summary: 'Create or replace the SMS service of a partner; a masked auth token keeps the stored one',
    tag: 'operations',
    requires: requires('config.write'),
    params: smsPartnerParams,
    body: smsServiceInput,
    response: dataOf(smsService),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/account/settings/smsServices/:partnerId',
    summary: 'Remove the SMS service of a partner',
    tag: 'operations',
    requires: requires('config.write'),
    params: smsPartnerParams,
    response: emptyResponse,
  }),
};
