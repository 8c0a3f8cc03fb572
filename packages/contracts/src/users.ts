import { z } from 'zod';
import { roleRef } from './account.ts';
import { MIN_PASSWORD_LENGTH } from './auth.ts';
import {
  dataOf,
  email,
  emptyResponse,
  id,
  idParams,
  isoDateTime,
  listOf,
  pageQuery,
  partnerScope,
  partnerScopeOut,
  phoneNo,
  sortQuery,
  trimmedText,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { partnerRef } from './partners.ts';
import { requires } from './permissions.ts';

export const username = z.string().regex(/^[a-zA-Z0-9._@-]{3,64}$/, {
  message: 'Username must be 3 to 64 letters, digits, dot, dash, underscore or @',
});

export const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  .max(256);

const userFields = {
  name: trimmedText(100),
  email: z.union([email, z.literal('')]).optional(),
  phoneNo: z.union([phoneNo, z.literal('')]).optional(),
  partnerScope,
  roleIds: z.array(id).max(50),
};

export const userCreate = z.strictObject({ username, password: password.optional(), ...userFields });
export type UserCreate = z.infer<typeof userCreate>;

/** The login account is fixed once set, so an update carries no username. */
export const userUpdate = z.strictObject(userFields);
export type UserUpdate = z.infer<typeof userUpdate>;

export const user = z.object({
  id,
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phoneNo: z.string().nullable(),
  partnerScope: partnerScopeOut,
  partners: z.array(partnerRef),
  roles: z.array(roleRef),
  lastActiveTime: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type User = z.infer<typeof user>;

export const userListQuery = pageQuery.extend({
  search: z.string().max(100).optional(),
  roleId: id.optional(),
  partnerId: id.optional(),
  sort: sortQuery(['createdAt', 'updatedAt', 'name', 'username', 'lastActiveTime'] as const),
});
export type UserListQuery = z.infer<typeof userListQuery>;

/** The new password is shown once to the staff member who reset it and mailed to the user. */
export const passwordReset = z.object({ password: z.string() });

export const userEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/account/users',
    summary: 'Staff in the caller scope, searched and paged',
    tag: 'users',
    requires: requires('user.read'),
    query: userListQuery,
    response: listOf(user),
  }),
  get: endpoint({
    method: 'GET',
    path: '/account/users/:id',
    summary: 'One staff member',
    tag: 'users',
    requires: requires('user.read'),
    params: idParams,
    response: dataOf(user),
  }),
  create: endpoint({
    method: 'POST',
    path: '/account/users',
    summary: 'Create a staff member',
    tag: 'users',
    requires: requires('user.create'),
    body: userCreate,
    response: dataOf(user),
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/account/users/:id',
    summary: 'Change a staff member; scope and roles apply on their next request',
    tag: 'users',
    requires: requires('user.update'),
    params: idParams,
    body: userUpdate,
    response: dataOf(user),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/account/users/:id',
    summary: 'Delete a staff member and revoke their sessions',
    tag: 'users',
    requires: requires('user.delete'),
    params: idParams,
    response: emptyResponse,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/account/users/:id/reset-password',
    summary: 'Set a one-time password, revoke sessions and mail it to the user',
    tag: 'users',
    requires: requires('user.update'),
    params: idParams,
    response: dataOf(passwordReset),
  }),
};
