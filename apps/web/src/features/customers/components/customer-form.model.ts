import {
  type Customer,
  type CustomerAddress,
  type CustomerCreate,
  type CustomerUpdate,
  customerCreate,
  customerUpdate,
  type MarketingReportedSource,
} from '@fleetdesk/contracts';
import type { z } from 'zod';
import { ApiError, isApiError } from '../../../shared/http.ts';

/** An address as the form holds it: every part a (possibly blank) text input. */
export type AddressFormValues = { [K in keyof CustomerAddress]?: string | null };

/**
 * The profile part of the create and edit forms. Names follow the API's field paths (`name.first`,
 * `contactAddress.city`), so the server's field errors land on the right inputs without renaming.
 */
export interface CustomerProfileFormValues {
  phoneNo?: string;
  name?: { first?: string; last?: string };
  email?: string | null;
  whatsApp?: string | null;
  contactAddress?: AddressFormValues | null;
  overnightAddress?: AddressFormValues | null;
  marketingReportedSource?: MarketingReportedSource | null;
  isMarketingConsented?: boolean | null;
  note?: string | null;
}

export interface CustomerCreateFormValues extends CustomerProfileFormValues {
  partnerId?: string;
  password?: string;
}

const addressParts = ['line1', 'line2', 'city', 'zip', 'region', 'country'] as const;

/** Trimmed text, or null when nothing is left. */
const textOrNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** An address with its blank parts dropped; an address of blanks is no address (the contract's reading). */
export function normaliseAddress(
  address: AddressFormValues | CustomerAddress | null | undefined,
): CustomerAddress | null {
  if (!address) return null;
  const result: CustomerAddress = {};
  for (const part of addressParts) {
    const value = textOrNull(address[part]);
    if (value !== null) result[part] = value;
  }
  return Object.keys(result).length > 0 ? result : null;
}

const sameAddress = (a: CustomerAddress | null, b: CustomerAddress | null) =>
  addressParts.every((part) => (a?.[part] ?? null) === (b?.[part] ?? null));

/** The profile's optional fields as the API reads them (null = not given). */
function profileOf(values: CustomerProfileFormValues) {
  return {
    email: textOrNull(values.email),
    whatsApp: textOrNull(values.whatsApp),
    contactAddress: normaliseAddress(values.contactAddress),
    overnightAddress: normaliseAddress(values.overnightAddress),
    marketingReportedSource: values.marketingReportedSource ?? null,
    isMarketingConsented: values.isMarketingConsented ?? null,
    note: textOrNull(values.note),
  };
}

/**
 * The create form as the POST body: texts trimmed, optional fields left out when blank. The password is sent as
 * typed (spaces may be part of it), or not at all when none was typed.
 */
export function toCustomerCreate(values: CustomerCreateFormValues): CustomerCreate {
  const body: Record<string, unknown> = {
    partnerId: values.partnerId ?? '',
    // Optional at the counter: left out, the customer sets their own through the client link.
    ...(values.password ? { password: values.password } : {}),
    phoneNo: values.phoneNo?.trim() ?? '',
    name: { first: values.name?.first?.trim() ?? '', last: values.name?.last?.trim() ?? '' },
  };
  for (const [key, value] of Object.entries(profileOf(values))) if (value !== null) body[key] = value;
  return body as CustomerCreate;
}

/**
 * Whether the user may change the customer's shared account in the edit form: the phone number and e-mail they
 * sign in with and their name are the same for every partner of the customer, so only a user whose scope reaches
 * all those partners may change them (the server refuses anyone else). Notes, addresses and the rest stay editable.
 */
export const sharedAccountEditable = (customer: Customer): boolean => customer.wholeCustomerInScope;

/** A stored customer as the edit form's starting values. */
export function customerToFormValues(customer: Customer): CustomerProfileFormValues {
  return {
    phoneNo: customer.phoneNo,
    name: { first: customer.name.first, last: customer.name.last },
    email: customer.email ?? '',
    whatsApp: customer.whatsApp ?? '',
    contactAddress: { ...customer.contactAddress },
    overnightAddress: { ...customer.overnightAddress },
    marketingReportedSource: customer.marketingReportedSource,
    isMarketingConsented: customer.isMarketingConsented,
    note: customer.note ?? '',
  };
}

/**
 * The PATCH body: only the fields that differ from the stored customer (a field log entry per real change, and no
 * collection rule is checked on a field nobody touched). The name is sent whole when either part changed.
 */
export function customerPatchOf(customer: Customer, values: CustomerProfileFormValues): CustomerUpdate {
  const patch: CustomerUpdate = {};
  const phoneNo = values.phoneNo?.trim() ?? '';
  if (phoneNo !== customer.phoneNo) patch.phoneNo = phoneNo;
  const name = { first: values.name?.first?.trim() ?? '', last: values.name?.last?.trim() ?? '' };
  if (name.first !== customer.name.first || name.last !== customer.name.last) patch.name = name;
  const next = profileOf(values);
  if (next.email !== (customer.email ?? null)) patch.email = next.email;
  if (next.whatsApp !== (customer.whatsApp ?? null)) patch.whatsApp = next.whatsApp;
  if (!sameAddress(next.contactAddress, normaliseAddress(customer.contactAddress)))
    patch.contactAddress = next.contactAddress;
  if (!sameAddress(next.overnightAddress, normaliseAddress(customer.overnightAddress)))
    patch.overnightAddress = next.overnightAddress;
  if (next.marketingReportedSource !== customer.marketingReportedSource)
    patch.marketingReportedSource = next.marketingReportedSource;
  if (next.isMarketingConsented !== customer.isMarketingConsented)
    patch.isMarketingConsented = next.isMarketingConsented;
  if (next.note !== (customer.note ?? null)) patch.note = next.note;
  return patch;
}

/** Checks a body against the contract before sending: the console refuses exactly what the server would. */
export function checkCreate(body: CustomerCreate): z.ZodError | null {
  const result = customerCreate.safeParse(body);
  return result.success ? null : result.error;
}

export function checkPatch(body: CustomerUpdate): z.ZodError | null {
  const result = customerUpdate.safeParse(body);
  return result.success ? null : result.error;
}

/**
 * Makes a refusal land on a form field: a 409 that names its field (the phone number already used in that
 * partner) becomes that field's error, like a ValidationError's fields.
 */
export function toCustomerFormError(error: unknown): unknown {
  if (!isApiError(error) || error.status !== 409) return error;
  const field = (error.data as { field?: unknown } | null)?.field;
  if (typeof field !== 'string') return error;
  return new ApiError(
    error.status,
    'ValidationError',
    error.message,
    { fields: { [field]: error.message } },
    error.url,
  );
}
