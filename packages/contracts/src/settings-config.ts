import { z } from 'zod';
import { dataOf, isoDateTime } from './common.ts';
import { endpoint } from './endpoint.ts';
import { requires } from './permissions.ts';

// ---------------------------------------------------------------------------------------------------------
// Settings config: the console limits document 2 §9 calls configurable (docs/decisions.md "Settings config").
// ---------------------------------------------------------------------------------------------------------

/** The page sizes a list offers; the default one is what a list opens with. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

export const SETTINGS_CONFIG_LIMITS = {
  bulkActionMaxSelection: { min: 1, max: 100 },
  assetSearchCooldownSeconds: { min: 0, max: 60 },
  verificationCodeResendSeconds: { min: 30, max: 600 },
} as const;

type LimitedKey = keyof typeof SETTINGS_CONFIG_LIMITS;

/** The message a value out of range gets, the same on the server and in the form. */
export const settingsLimitMessage = (key: LimitedKey) => {
  const { min, max } = SETTINGS_CONFIG_LIMITS[key];
  return `Must be a whole number from ${min} to ${max}`;
};

const limited = (key: LimitedKey) => {
  const { min, max } = SETTINGS_CONFIG_LIMITS[key];
  const message = settingsLimitMessage(key);
  return z
    .number({ error: (issue) => (issue.input === undefined ? 'This field is required' : message) })
    .int({ message })
    .min(min, { message })
    .max(max, { message });
};

const settingsConfigFields = {
  /** Assets selected above which the bulk actions of a list are disabled (document 2 §9; batches stop at 100). */
  bulkActionMaxSelection: limited('bulkActionMaxSelection'),
  /** Seconds between two asset searches (document 2 §5 "A cooldown between asset searches applies"). */
  assetSearchCooldownSeconds: limited('assetSearchCooldownSeconds'),
  /** Seconds before a verification code can be sent again (document 1 §2.5, document 2 §9). */
  verificationCodeResendSeconds: limited('verificationCodeResendSeconds'),
  /** The page size lists open with (document 2 §9: 10 unless changed). */
  defaultPageSize: z.literal(PAGE_SIZE_OPTIONS, {
    error: (issue) =>
      issue.input === undefined ? 'This field is required' : `Page size must be one of ${PAGE_SIZE_OPTIONS.join(', ')}`,
  }),
};

/** POST: a complete config. */
export const settingsConfigInput = z.strictObject(settingsConfigFields);
export type SettingsConfigInput = z.infer<typeof settingsConfigInput>;

/** PATCH: the fields to change; the rest keep their stored (or default) value. */
export const settingsConfigPatch = z.strictObject(settingsConfigFields).partial();
export type SettingsConfigPatch = z.infer<typeof settingsConfigPatch>;

export const SETTINGS_CONFIG_DEFAULTS: SettingsConfigInput = {
  bulkActionMaxSelection: 100,
  assetSearchCooldownSeconds: 3,
  verificationCodeResendSeconds: 60,
  defaultPageSize: 10,
};

export const settingsConfig = settingsConfigInput.extend({
  /** True while nothing is stored: the values are the defaults. */
  isDefault: z.boolean(),
  updatedAt: isoDateTime.nullable(),
});
export type SettingsConfig = z.infer<typeof settingsConfig>;

// ---------------------------------------------------------------------------------------------------------
// Customer information collection (document 2 "Customer", "Identity verification", field requirement modes).
// ---------------------------------------------------------------------------------------------------------

export const customerFieldModes = ['required', 'optional', 'disabled'] as const;
export const customerFieldMode = z.enum(customerFieldModes, { message: 'Mode must be required, optional or disabled' });
export type CustomerFieldMode = z.infer<typeof customerFieldMode>;

/** Asked for on the customer record itself. */
export const customerProfileFields = [
  'email',
  'whatsApp',
  'contactAddress',
  'overnightAddress',
  'marketingReportedSource',
  'isMarketingConsented',
  'note',
] as const;
export type CustomerProfileField = (typeof customerProfileFields)[number];

/** Asked for when a customer submits an identity verification; firstName/lastName are as on the document. */
export const customerIdentityFields = [
  'documentType',
  'frontImage',
  'backImage',
  'selfie',
  'documentNumber',
  'ssnOrItin',
  'firstName',
  'lastName',
  'dateOfBirth',
  'issueDate',
  'expiryDate',
] as const;
export type CustomerIdentityField = (typeof customerIdentityFields)[number];

/** How a customer is told apart and reached: always required, never configurable. */
export const alwaysRequiredCustomerFields = ['phoneNo', 'name'] as const;

export type CustomerInfoGroup = 'profile' | 'identity';
export type CustomerInfoFieldPath = `profile.${CustomerProfileField}` | `identity.${CustomerIdentityField}`;

const strictness: Record<CustomerFieldMode, number> = { disabled: 0, optional: 1, required: 2 };

/**
 * Fields that only make sense with another one: a dependent may not be asked more strictly than the field it
 * depends on (a back image without a front one, a document number without knowing the document type…).
 */
export const customerInfoDependencies: readonly { field: CustomerInfoFieldPath; dependsOn: CustomerInfoFieldPath }[] = [
  { field: 'identity.frontImage', dependsOn: 'identity.documentType' },
  { field: 'identity.documentNumber', dependsOn: 'identity.documentType' },
  { field: 'identity.issueDate', dependsOn: 'identity.documentType' },
  { field: 'identity.expiryDate', dependsOn: 'identity.documentType' },
  { field: 'identity.backImage', dependsOn: 'identity.frontImage' },
  { field: 'identity.selfie', dependsOn: 'identity.frontImage' },
];

/** English names used in the dependency messages (the console shows its own labels beside them). */
export const customerInfoFieldNames: Record<CustomerInfoFieldPath, string> = {
  'profile.email': 'Email',
  'profile.whatsApp': 'WhatsApp number',
  'profile.contactAddress': 'Contact address',
  'profile.overnightAddress': 'Overnight address',
  'profile.marketingReportedSource': 'Reported source',
  'profile.isMarketingConsented': 'Marketing consent',
  'profile.note': 'Note',
  'identity.documentType': 'Document type',
  'identity.frontImage': 'Front image',
  'identity.backImage': 'Back image',
  'identity.selfie': 'Selfie',
  'identity.documentNumber': 'Document number',
  'identity.ssnOrItin': 'SSN or ITIN',
  'identity.firstName': 'First name',
  'identity.lastName': 'Last name',
  'identity.dateOfBirth': 'Date of birth',
  'identity.issueDate': 'Issue date',
  'identity.expiryDate': 'Expiry date',
};

/** The message a broken dependency gets, on the dependent field. */
export const customerInfoDependencyMessage = (
  field: CustomerInfoFieldPath,
  mode: CustomerFieldMode,
  dependsOn: CustomerInfoFieldPath,
  dependsOnMode: CustomerFieldMode,
) =>
  `${customerInfoFieldNames[field]} cannot be ${mode} while ${customerInfoFieldNames[dependsOn]} is ${dependsOnMode}`;

const modesOf = <K extends string>(keys: readonly K[]) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, customerFieldMode])) as Record<K, typeof customerFieldMode>);

export interface CustomerInfoDependencyProblem {
  field: CustomerInfoFieldPath;
  mode: CustomerFieldMode;
  dependsOn: CustomerInfoFieldPath;
  dependsOnMode: CustomerFieldMode;
}

/** The dependencies a complete setting breaks; the schema below and the console's table both use it. */
export function customerInfoDependencyProblems(setting: {
  profile: Record<string, CustomerFieldMode>;
  identity: Record<string, CustomerFieldMode>;
}): CustomerInfoDependencyProblem[] {
  const modeAt = (path: CustomerInfoFieldPath) => {
    const [group, key] = path.split('.') as [CustomerInfoGroup, string];
    return setting[group][key] as CustomerFieldMode;
  };
  return customerInfoDependencies
    .map(({ field, dependsOn }) => ({ field, mode: modeAt(field), dependsOn, dependsOnMode: modeAt(dependsOn) }))
    .filter((p) => strictness[p.mode] > strictness[p.dependsOnMode]);
}

/** PUT: the mode of every configurable field, checked against the dependencies. */
export const customerInfoSettingInput = z
  .strictObject({ profile: modesOf(customerProfileFields), identity: modesOf(customerIdentityFields) })
  .superRefine((input, ctx) => {
    for (const { field, mode, dependsOn, dependsOnMode } of customerInfoDependencyProblems(input)) {
      ctx.addIssue({
        code: 'custom',
        path: field.split('.'),
        message: customerInfoDependencyMessage(field, mode, dependsOn, dependsOnMode),
      });
    }
  });
export type CustomerInfoSettingInput = z.infer<typeof customerInfoSettingInput>;

/**
 * What an account collects until it decides: contact details optional, the identity document's essentials
 * required once a customer verifies, the US-only SSN/ITIN off (docs/decisions.md "Customer information").
 */
export const CUSTOMER_INFO_DEFAULTS: CustomerInfoSettingInput = {
  profile: {
    email: 'optional',
    whatsApp: 'optional',
    contactAddress: 'optional',
    overnightAddress: 'optional',
    marketingReportedSource: 'optional',
    isMarketingConsented: 'optional',
    note: 'optional',
  },
  identity: {
    documentType: 'required',
    frontImage: 'required',
    backImage: 'optional',
    selfie: 'optional',
    documentNumber: 'required',
    ssnOrItin: 'disabled',
    firstName: 'required',
    lastName: 'required',
    dateOfBirth: 'required',
    issueDate: 'optional',
    expiryDate: 'required',
  },
};

export const customerInfoSetting = customerInfoSettingInput.safeExtend({
  isDefault: z.boolean(),
  updatedAt: isoDateTime.nullable(),
});
export type CustomerInfoSetting = z.infer<typeof customerInfoSetting>;

export const settingsConfigErrorCodes = ['ConfigAlreadyExists'] as const;

export const settingsConfigEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/account/settings/config',
    summary: 'The console limits of the account, or the defaults (isDefault) while none are stored',
    tag: 'settings',
    // Every console user's screens apply these limits (bulk actions, search cooldown, page size).
    requires: [],
    response: dataOf(settingsConfig),
  }),
  create: endpoint({
    method: 'POST',
    path: '/account/settings/config',
    summary: 'Store the console limits for the first time (409 ConfigAlreadyExists once stored)',
    tag: 'settings',
    requires: requires('config.write'),
    body: settingsConfigInput,
    response: dataOf(settingsConfig),
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/account/settings/config',
    summary: 'Change some console limits (starting from the defaults when none are stored)',
    tag: 'settings',
    requires: requires('config.write'),
    body: settingsConfigPatch,
    response: dataOf(settingsConfig),
  }),
};

export const customerInfoEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/account/settings/customerInfo',
    summary: 'Which customer fields are required, optional or disabled (defaults while none are stored)',
    tag: 'settings',
    requires: requires('customer_info_setting.read'),
    response: dataOf(customerInfoSetting),
  }),
  put: endpoint({
    method: 'PUT',
    path: '/account/settings/customerInfo',
    summary: 'Set the mode of every configurable customer field',
    tag: 'settings',
    requires: requires('customer_info_setting.write'),
    body: customerInfoSettingInput,
    response: dataOf(customerInfoSetting),
  }),
};
