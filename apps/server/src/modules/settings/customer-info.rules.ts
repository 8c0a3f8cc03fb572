import {
  type CustomerFieldMode,
  type CustomerIdentityField,
  type CustomerInfoSettingInput,
  type CustomerProfileField,
  customerIdentityFields,
  customerProfileFields,
} from '@fleetdesk/contracts';
import { validationError } from '../../errors.ts';

export const FIELD_REQUIRED = 'This field is required';
export const FIELD_NOT_COLLECTED = 'This field is not collected';

/** A customer's data as the customers module hands it over; `identity` is an identity verification submission. */
export type CustomerFieldsPayload = Partial<Record<CustomerProfileField, unknown>> & {
  identity?: Partial<Record<CustomerIdentityField, unknown>> | null;
};

export interface CustomerFieldsCheck {
  /**
   * 'create' (default): every required field must be there. 'update': a patch, where a field left out stays as
   * it is, so only the fields it carries are checked.
   */
  mode?: 'create' | 'update';
}

/** Whether a value counts as given: blank text, empty lists and objects of blanks (an empty address) do not. */
export function isProvided(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).some(isProvided);
  return true;
}

function checkGroup(
  modes: Record<string, CustomerFieldMode>,
  keys: readonly string[],
  values: Record<string, unknown>,
  prefix: string,
  check: Required<CustomerFieldsCheck>,
  fields: Record<string, string>,
) {
  for (const key of keys) {
    const mode = modes[key];
    const carried = key in values;
    const given = isProvided(values[key]);
    if (mode === 'required' && !given && (check.mode === 'create' || carried))
      fields[`${prefix}${key}`] = FIELD_REQUIRED;
    if (mode === 'disabled' && given) fields[`${prefix}${key}`] = FIELD_NOT_COLLECTED;
  }
}

/**
 * The fields of a customer payload that break the account's collection setting: a required field missing or
 * blank, a disabled field given. Identity fields are checked only when the payload carries an identity
 * verification. Phone and name are not configurable; the customer schema itself requires them.
 */
export function customerFieldProblems(
  settings: CustomerInfoSettingInput,
  payload: CustomerFieldsPayload,
  check: CustomerFieldsCheck = {},
): Record<string, string> {
  const options = { mode: check.mode ?? 'create' } as const;
  const fields: Record<string, string> = {};
  checkGroup(settings.profile, customerProfileFields, payload, '', options, fields);
  if (payload.identity !== undefined && payload.identity !== null) {
    // A verification is always submitted whole, so its required fields are checked even on an update.
    checkGroup(settings.identity, customerIdentityFields, payload.identity, 'identity.', { mode: 'create' }, fields);
  }
  return fields;
}

/** Throws 400 ValidationError (fields keyed by their path, "identity.frontImage") when the payload breaks the setting. */
export function assertCustomerFields(
  settings: CustomerInfoSettingInput,
  payload: CustomerFieldsPayload,
  check: CustomerFieldsCheck = {},
): void {
  const fields = customerFieldProblems(settings, payload, check);
  if (Object.keys(fields).length > 0) throw validationError(fields);
}
