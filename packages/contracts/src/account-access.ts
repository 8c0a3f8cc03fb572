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
  partnerScope,
  sortQuery,
  trimmedText,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { requires } from './permissions.ts';
import { password, username } from './users.ts';

/**
 * Getting into the console without a password at hand (document 1 §2.5): "forgot password" mails a one-time
 * link, "register account" asks the account's staff for access. Both answer a visitor the same whether or not
 * the e-mail belongs to someone (docs/decisions.md "Forgot password and access requests").
 */

/** How long the links are valid: a reset link is used at once; an invitation may wait for a weekend. */
export const PASSWORD_RESET_LINK_MINUTES = 30;
export const INVITE_LINK_HOURS = 72;

const requiredEmail = z.string({ message: 'Please input your email!' }).pipe(email);

export const passwordResetRequestBody = z.strictObject({ email: requiredEmail });

/** The token of an e-mailed link (reset or invitation) and the new password. */
export const passwordResetBody = z.strictObject({
  token: z.string({ message: 'This link is invalid or has expired' }).min(1).max(200),
  password,
});
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

export const accessRequestStatus = z.enum(['pending', 'approved', 'declined']);
export type AccessRequestStatus = z.infer<typeof accessRequestStatus>;

export const accessRequestCreate = z.strictObject({
  name: trimmedText(100),
  email: requiredEmail,
  /** The company the visitor works for, as they say it (partner names are not public). */
  partnerName: trimmedText(100),
  message: optionalText(1000).optional(),
});
export type AccessRequestCreate = z.infer<typeof accessRequestCreate>;

export const accessRequest = z.object({
  id,
  name: z.string(),
  email: z.string(),
  partnerName: z.string(),
  message: z.string().nullable(),
  status: accessRequestStatus,
  decidedBy: z.object({ id, name: z.string() }).nullable(),
  decidedAt: isoDateTime.nullable(),
  /** The staff member an approval created. */
  user: z.object({ id, username: z.string() }).nullable(),
  createdAt: isoDateTime,
});
export type AccessRequest = z.infer<typeof accessRequest>;

export const accessRequestListQuery = pageQuery.extend({
  status: accessRequestStatus.optional(),
  search: z.string().max(100).optional(),
  sort: sortQuery(['createdAt'] as const),
});
export type AccessRequestListQuery = z.infer<typeof accessRequestListQuery>;

/**
 * What the new staff member gets; the rules are those of creating one (scope within the approver's, no role
 * above theirs). The username defaults to the e-mail.
 */
export const accessRequestApproval = z.strictObject({
  username: username.optional(),
  partnerScope,
  roleIds: z.array(id).max(50),
});
export type AccessRequestApproval = z.infer<typeof accessRequestApproval>;

export const accessRequestDecline = z.strictObject({ reason: optionalText(500).optional() });
export type AccessRequestDecline = z.infer<typeof accessRequestDecline>;

export const passwordResetEndpoints = {
  request: endpoint({
    method: 'POST',
    path: '/account/auth/password-reset-requests',
    summary: 'Mail a one-time password reset link; answers the same whether or not the e-mail is known',
    tag: 'auth',
    requires: 'public',
    body: passwordResetRequestBody,
    response: emptyResponse,
  }),
  reset: endpoint({
    method: 'POST',
    path: '/account/auth/password-resets',
    summary: 'Set a password with the token of a reset or invitation link; ends every session of the user',
    tag: 'auth',
    requires: 'public',
    body: passwordResetBody,
    response: emptyResponse,
  }),
};

export const accessRequestEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/account/access-requests',
    summary: 'Ask for access to the console (register account); the same answer whatever the e-mail',
    tag: 'access-requests',
    requires: 'public',
    body: accessRequestCreate,
    response: emptyResponse,
  }),
  list: endpoint({
    method: 'GET',
    path: '/account/access-requests',
    summary: 'Access requests, newest first, filtered by status',
    tag: 'access-requests',
    requires: requires('user.read'),
    query: accessRequestListQuery,
    response: listOf(accessRequest),
  }),
  approve: endpoint({
    method: 'POST',
    path: '/account/access-requests/:id/$approve',
    summary: 'Create the staff member of a pending request and mail them a link to set their password',
    tag: 'access-requests',
    requires: requires('user.create'),
    params: idParams,
    body: accessRequestApproval,
    response: dataOf(accessRequest),
  }),
  decline: endpoint({
    method: 'POST',
    path: '/account/access-requests/:id/$decline',
    summary: 'Decline a pending request and tell the visitor by e-mail',
    tag: 'access-requests',
    requires: requires('user.create'),
    params: idParams,
    body: accessRequestDecline,
    response: dataOf(accessRequest),
  }),
};
