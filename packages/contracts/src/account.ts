import { z } from 'zod';
import { currency, dataOf, id, isoDateTime, partnerScopeOut, timezoneOffset, trimmedText } from './common.ts';
import { endpoint } from './endpoint.ts';
import { requires } from './permissions.ts';

export const account = z.object({
  name: z.string(),
  logoImgUrl: z.string().nullable(),
  timezone: z.string(),
  isRegistryEnabled: z.boolean(),
  currency: z.string().nullable(),
});
export type Account = z.infer<typeof account>;

export const accountPatch = z
  .strictObject({
    name: trimmedText(100),
    timezone: timezoneOffset,
    currency,
    isRegistryEnabled: z.boolean(),
  })
  .partial();
export type AccountPatch = z.infer<typeof accountPatch>;

export const roleRef = z.object({ id, title: z.string() });

/** The current-user profile, exactly the fields of document 1 §3. */
export const profile = z.object({
  id,
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phoneNo: z.string().nullable(),
  account,
  partnerScope: partnerScopeOut,
  legacyPartnerScope: z.array(z.number().int()).nullable(),
  roles: z.array(roleRef),
  permissions: z.array(z.string()),
  lastActiveTime: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Profile = z.infer<typeof profile>;

export const permissionFamilyDto = z.object({
  family: z.string(),
  platform: z.enum(['web', 'app']),
  labelKey: z.string(),
  actions: z.array(z.string()),
});

/** Largest logo accepted, judged on the bytes received. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

export const accountEndpoints = {
  profile: endpoint({
    method: 'GET',
    path: '/account/users/$me/profile',
    summary: 'The signed-in user with account, scope, roles and permissions',
    tag: 'account',
    requires: [],
    response: dataOf(profile),
  }),
  permissions: endpoint({
    method: 'GET',
    path: '/account/permissions',
    summary: 'The permission catalogue, grouped by family and platform',
    tag: 'account',
    requires: [],
    response: dataOf(z.array(permissionFamilyDto)),
  }),
  get: endpoint({
    method: 'GET',
    path: '/account/accounts/me',
    summary: 'The operator account',
    tag: 'account',
    requires: [],
    response: dataOf(account),
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/account/accounts/me',
    summary: 'Change the account name, timezone, currency or registry flag',
    tag: 'account',
    requires: requires('config.write'),
    body: accountPatch,
    response: dataOf(account),
  }),
  clientLink: endpoint({
    method: 'GET',
    path: '/account/clientLink',
    summary:
      'The customer web client link of the account (null when none is configured) and the payment provider the console takes cards with',
    tag: 'account',
    requires: [],
    response: dataOf(
      z.object({
        url: z.string().nullable(),
        /** Which card form the console shows: Stripe Elements (loaded only then) or the local provider's. */
        payments: z.object({
          provider: z.enum(['local', 'stripe']),
          /** Stripe's publishable key (public by design); null with the local provider. */
          publishableKey: z.string().nullable(),
        }),
      }),
    ),
  }),
  uploadLogo: endpoint({
    method: 'PUT',
    path: '/account/accounts/me/logo',
    summary: 'Upload the account logo (multipart field "file"; JPEG or PNG up to 5 MB)',
    tag: 'account',
    requires: requires('config.write'),
    multipart: true,
    response: dataOf(account),
  }),
};
