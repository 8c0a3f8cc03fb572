import { z } from 'zod';
import {
  session,
  typedPassword,
  VERIFICATION_CODE_RESEND_SECONDS,
  verificationCodeInput,
  verificationCodeSent,
} from './auth.ts';
import { dataOf, email, emptyResponse, id, isoDateTime, phoneNo } from './common.ts';
import { endpoint } from './endpoint.ts';

/**
 * Third-party sign-in (OpenID Connect, authorization code + PKCE) and the Binding part of account settings:
 * the identities linked to the signed-in user, and changing the sign-in e-mail or phone with a code sent to
 * the new address or number (docs/decisions/auth-oidc.md).
 */

/** Whether the login page offers "Sign in with <name>". */
export const oidcConfig = z.object({ enabled: z.boolean(), name: z.string().nullable() });
export type OidcConfig = z.infer<typeof oidcConfig>;

export const oidcStartBody = z.strictObject({ rememberMe: z.boolean().optional() });
export const oidcAuthorization = z.object({ authorizationUrl: z.string() });

/** What the provider sends back to the redirect URI; providers add their own parameters (iss, session_state…). */
export const oidcCallbackQuery = z.looseObject({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

/** The one-time code the callback hands the console in its redirect, traded once for a session. */
export const oidcExchangeBody = z.strictObject({
  code: z
    .string({ message: 'The sign-in link is invalid or has expired' })
    .min(20, { message: 'The sign-in link is invalid or has expired' })
    .max(200),
});

/**
 * Why the callback sent the browser back to the login page (`/auth/login?error=`) or to account settings
 * (`?oidcError=`); the console words each one.
 */
export const oidcErrorCodes = [
  'OidcStateInvalid',
  'OidcFailed',
  'OidcEmailNotVerified',
  'OidcNoAccount',
  'OidcIdentityLinkedElsewhere',
  'OidcNotConfigured',
] as const;
export type OidcErrorCode = (typeof oidcErrorCodes)[number];

export const userIdentity = z.object({
  id,
  issuer: z.string(),
  email: z.string().nullable(),
  createdAt: isoDateTime,
});
export type UserIdentity = z.infer<typeof userIdentity>;

/** Seconds before another code may be sent for a contact change (as for the sign-in code). */
export const CONTACT_CHANGE_RESEND_SECONDS = VERIFICATION_CODE_RESEND_SECONDS;

/**
 * The current password is asked before a code is sent: a session left open somewhere must not be enough to
 * move the account's sign-in address to someone else.
 */
export const contactChangeBody = z.discriminatedUnion('channel', [
  z.strictObject({ channel: z.literal('email'), value: email, password: typedPassword }),
  z.strictObject({ channel: z.literal('phone'), value: phoneNo, password: typedPassword }),
]);
export type ContactChangeBody = z.infer<typeof contactChangeBody>;

export const contactChangeConfirmBody = z.discriminatedUnion('channel', [
  z.strictObject({ channel: z.literal('email'), value: email, code: verificationCodeInput }),
  z.strictObject({ channel: z.literal('phone'), value: phoneNo, code: verificationCodeInput }),
]);
export type ContactChangeConfirmBody = z.infer<typeof contactChangeConfirmBody>;

export const contactChangeSent = verificationCodeSent;
export const contactDetails = z.object({ email: z.string().nullable(), phoneNo: z.string().nullable() });

export const oidcEndpoints = {
  config: endpoint({
    method: 'GET',
    path: '/account/auth/oidc/config',
    summary: 'Whether third-party sign-in (OpenID Connect) is configured, and the name of the provider',
    tag: 'auth',
    requires: 'public',
    response: dataOf(oidcConfig),
  }),
  start: endpoint({
    method: 'POST',
    path: '/account/auth/oidc/$start',
    summary: "Begin a third-party sign-in: the provider's authorization URL (code flow with PKCE, 10 minutes)",
    tag: 'auth',
    requires: 'public',
    body: oidcStartBody,
    response: dataOf(oidcAuthorization),
  }),
  callback: endpoint({
    method: 'GET',
    path: '/account/auth/oidc/callback',
    summary:
      'Where the provider sends the browser back: redirects to the console with a one-time code (/auth/oidc?code=), or with the reason of a refusal',
    tag: 'auth',
    requires: 'public',
    query: oidcCallbackQuery,
    /** A 302 redirect, no body. */
    response: z.unknown(),
  }),
  exchange: endpoint({
    method: 'POST',
    path: '/account/auth/oidc/$exchange',
    summary: "Trade the callback's one-time code (valid 60 s, single use) for a session",
    tag: 'auth',
    requires: 'public',
    body: oidcExchangeBody,
    response: dataOf(session),
  }),
  link: endpoint({
    method: 'POST',
    path: '/account/auth/oidc/$link',
    summary: "Begin linking a third-party sign-in to the signed-in user: the provider's authorization URL",
    tag: 'account',
    requires: [],
    response: dataOf(oidcAuthorization),
  }),
};

export const bindingEndpoints = {
  identities: endpoint({
    method: 'GET',
    path: '/account/users/$me/identities',
    summary: 'The third-party sign-ins linked to the signed-in user',
    tag: 'account',
    requires: [],
    response: dataOf(z.array(userIdentity)),
  }),
  unlinkIdentity: endpoint({
    method: 'DELETE',
    path: '/account/users/$me/identities/:id',
    summary: 'Unlink one of the signed-in user’s third-party sign-ins',
    tag: 'account',
    requires: [],
    params: z.strictObject({ id }),
    response: emptyResponse,
  }),
  requestContactChange: endpoint({
    method: 'POST',
    path: '/account/users/$me/contact-changes',
    summary:
      'Send a 6-digit code to a new sign-in e-mail or phone number of the signed-in user (current password required; once a minute)',
    tag: 'account',
    requires: [],
    body: contactChangeBody,
    response: dataOf(contactChangeSent),
  }),
  confirmContactChange: endpoint({
    method: 'POST',
    path: '/account/users/$me/contact-changes/$confirm',
    summary: 'Change the sign-in e-mail or phone number with the code sent to it (10 minutes, 5 attempts)',
    tag: 'account',
    requires: [],
    body: contactChangeConfirmBody,
    response: dataOf(contactDetails),
  }),
};
