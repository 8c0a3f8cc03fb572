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
  trimmedText,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { ADMIN_PERMISSION, appPermissions, requires, webPermissions } from './permissions.ts';

const knownPermission = (catalogue: readonly string[]) =>
  z.string().refine((p) => catalogue.includes(p), { message: 'Unknown permission' });

export const roleInput = z.strictObject({
  title: trimmedText(60),
  permissions: z.array(knownPermission([ADMIN_PERMISSION, ...webPermissions])).max(500),
  appPermissions: z.array(knownPermission(appPermissions)).max(200).default([]),
});
export type RoleInput = z.infer<typeof roleInput>;

export const role = z.object({
  id,
  title: z.string(),
  permissions: z.array(z.string()),
  appPermissions: z.array(z.string()),
  userCount: z.number().int(),
  /**
   * Holders the caller's partner scope does not cover (staff of other partners, account users): while there
   * are any, the caller may read the role but not change or delete it (403 PartnerOutOfScope).
   */
  holdersOutsideScope: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Role = z.infer<typeof role>;

export const roleUser = z.object({ id, username: z.string(), name: z.string() });
export type RoleUser = z.infer<typeof roleUser>;

/** The holders the caller may see, and how many others a change would also affect, so none is hidden. */
export const roleUsers = z.object({ data: z.array(roleUser), holdersOutsideScope: z.number().int() });
export type RoleUsers = z.infer<typeof roleUsers>;

export const roleListQuery = pageQuery.extend({
  search: z.string().max(100).optional(),
  sort: sortQuery(['createdAt', 'updatedAt', 'title'] as const),
});

export const roleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/account/roles',
    summary: 'Roles, searched and paged',
    tag: 'roles',
    requires: requires('role.read', 'user.create', 'user.update'),
    query: roleListQuery,
    response: listOf(role),
  }),
  get: endpoint({
    method: 'GET',
    path: '/account/roles/:id',
    summary: 'One role',
    tag: 'roles',
    requires: requires('role.read'),
    params: idParams,
    response: dataOf(role),
  }),
  users: endpoint({
    method: 'GET',
    path: '/account/roles/:id/users',
    summary: 'The staff holding a role in the caller scope, and how many hold it outside (shown before a change)',
    tag: 'roles',
    requires: requires('role.read'),
    params: idParams,
    response: roleUsers,
  }),
  create: endpoint({
    method: 'POST',
    path: '/account/roles',
    summary: 'Create a role',
    tag: 'roles',
    requires: requires('role.create'),
    body: roleInput,
    response: dataOf(role),
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/account/roles/:id',
    summary: 'Replace a role; applies to its staff on their next request',
    tag: 'roles',
    requires: requires('role.update'),
    params: idParams,
    body: roleInput,
    response: dataOf(role),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/account/roles/:id',
    summary: 'Delete a role and take it from its staff',
    tag: 'roles',
    requires: requires('role.delete'),
    params: idParams,
    response: emptyResponse,
  }),
};
