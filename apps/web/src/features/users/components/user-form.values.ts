import {
  id,
  type PartnerScope,
  password,
  type User,
  type UserCreate,
  type UserUpdate,
  userCreate,
  userUpdate,
} from '@fleetdesk/contracts';
import { z } from 'zod';
import { ApiError, isApiError } from '../../../shared/http.ts';

/**
 * The user form edits the partner scope as a radio ("All partners" / "Selected partners") plus a partner
 * multi-select; the API wants one `partnerScope` value ('*' or a non-empty id list). These helpers translate
 * between the two and keep the contract's rules, so the form validates exactly what the server checks.
 */
export type ScopeMode = 'all' | 'selected';

export interface UserFormValues {
  username?: string;
  name?: string;
  email?: string;
  phoneNo?: string;
  password?: string;
  scopeMode: ScopeMode;
  partnerIds: string[];
  roleIds: string[];
}

export const AT_LEAST_ONE_PARTNER = 'Please select at least one item';

/** An input the user cleared ('') means "not given". */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const sharedFields = {
  name: userUpdate.shape.name,
  email: userUpdate.shape.email,
  phoneNo: userUpdate.shape.phoneNo,
  roleIds: z.array(id).max(50).default([]),
  scopeMode: z.enum(['all', 'selected']),
  partnerIds: z.array(id).default([]),
};

const requirePartnersWhenSelected = (values: { scopeMode: ScopeMode; partnerIds: string[] }, ctx: z.RefinementCtx) => {
  if (values.scopeMode === 'selected' && values.partnerIds.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['partnerIds'], message: AT_LEAST_ONE_PARTNER });
  }
};

/** The radio and the multi-select as the contract's partnerScope. */
export function toPartnerScope(mode: ScopeMode, partnerIds: readonly string[]): PartnerScope {
  return mode === 'all' ? '*' : [...new Set(partnerIds)];
}

/** The contract's partnerScope as the radio and the multi-select. */
export function fromPartnerScope(scope: PartnerScope): { scopeMode: ScopeMode; partnerIds: string[] } {
  return scope === '*' ? { scopeMode: 'all', partnerIds: [] } : { scopeMode: 'selected', partnerIds: [...scope] };
}

const emptyToUndefined = (value: string | undefined) => (value === '' ? undefined : value);

/** Form values of the new-user page → the POST body (checked again by contracts' userCreate). */
export const userCreateForm = z
  .object({
    username: userCreate.shape.username,
    password: z.preprocess(blankToUndefined, password.optional()),
    ...sharedFields,
  })
  .superRefine(requirePartnersWhenSelected)
  .transform(
    (values): UserCreate => ({
      username: values.username,
      password: values.password,
      name: values.name,
      email: emptyToUndefined(values.email),
      phoneNo: emptyToUndefined(values.phoneNo),
      partnerScope: toPartnerScope(values.scopeMode, values.partnerIds),
      roleIds: values.roleIds,
    }),
  );

/** Form values of the edit page → the PUT body; the username is fixed once set and never sent. */
export const userUpdateForm = z
  .object(sharedFields)
  .superRefine(requirePartnersWhenSelected)
  .transform(
    (values): UserUpdate => ({
      name: values.name,
      email: emptyToUndefined(values.email),
      phoneNo: emptyToUndefined(values.phoneNo),
      partnerScope: toPartnerScope(values.scopeMode, values.partnerIds),
      roleIds: values.roleIds,
    }),
  );

/** A stored user as edit-form values (the API answers null for absent contacts). */
export function userToFormValues(user: User): UserFormValues {
  return {
    name: user.name,
    email: user.email ?? undefined,
    phoneNo: user.phoneNo ?? undefined,
    ...fromPartnerScope(user.partnerScope),
    roleIds: user.roles.map((role) => role.id),
  };
}

/**
 * A new user's starting values: no partner. Access to every partner is a choice the creator makes, never
 * a default that a hurried "Create" hands out (issue 21); a partner user managing exactly one partner
 * starts with it, since it is the only choice they have.
 */
export function newUserFormValues(callerScope: PartnerScope | undefined): UserFormValues {
  const only = callerScope !== undefined && callerScope !== '*' && callerScope.length === 1 ? [...callerScope] : [];
  return { scopeMode: 'selected', partnerIds: only, roleIds: [] };
}

/** Server field paths that the form shows under another name. */
const formFieldOf = (path: string) =>
  path === 'partnerScope' || path.startsWith('partnerScope.') ? 'partnerIds' : path;

/**
 * Makes a failed save land on the form's fields: ValidationError fields are renamed to the form's names, and a
 * 409 that names its field (username, email or phone already used) becomes that field's error.
 */
export function toUserFormError(error: unknown): unknown {
  if (!isApiError(error)) return error;
  const fields = error.fieldErrors;
  if (fields) {
    const renamed = Object.fromEntries(Object.entries(fields).map(([path, message]) => [formFieldOf(path), message]));
    return new ApiError(error.status, error.code, error.message, { fields: renamed }, error.url, error.method);
  }
  const field = (error.data as { field?: unknown } | null)?.field;
  if (error.status === 409 && typeof field === 'string') {
    return new ApiError(
      error.status,
      'ValidationError',
      error.message,
      { fields: { [field]: error.message } },
      error.url,
      error.method,
    );
  }
  return error;
}

/** The fields of the access-request approval dialog a refusal can land on. */
const APPROVAL_FIELDS = new Set(['username', 'partnerIds', 'roleIds']);

/**
 * A refused approval's errors on the dialog's fields (toUserFormError's mapping: partnerScope → partnerIds, a 409
 * username → username; "roleIds.0" → roleIds); null when it names none of them, so it is shown above the form.
 */
export function approvalFieldErrors(error: unknown): Record<string, string> | null {
  const mapped = toUserFormError(error);
  const fields = isApiError(mapped) ? mapped.fieldErrors : null;
  if (!fields) return null;
  const onForm: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = path.split('.')[0] ?? path;
    if (APPROVAL_FIELDS.has(field) && !(field in onForm)) onForm[field] = message;
  }
  return Object.keys(onForm).length > 0 ? onForm : null;
}
