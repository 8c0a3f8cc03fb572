import { randomUUID } from 'node:crypto';
import type { Role, RoleInput, RoleUser, roleListQuery } from '@fleetdesk/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { assertNoEscalation, assertNotOutranked } from '../../lib/escalation.ts';
import { toIso } from '../../lib/rows.ts';
import { logChange } from '../audit/audit.repo.ts';
import * as usersRepo from '../users/users.repo.ts';
import * as repo from './roles.repo.ts';

const toRole = (r: repo.RoleRow): Role => ({
  id: r.id,
  title: r.title,
  permissions: [...r.permissions].sort(),
  appPermissions: [...r.appPermissions].sort(),
  userCount: r.userCount,
  createdAt: toIso(r.createdAt),
  updatedAt: toIso(r.updatedAt),
});

const audited = (r: Role) => ({ title: r.title, permissions: r.permissions, appPermissions: r.appPermissions });
const unique = (values: string[]) => [...new Set(values)];

/**
 * Roles belong to the account, not to a partner: every caller with role permissions sees all of them.
 * What a partner user can do with a role is bounded by the scope of the staff they can manage.
 */
export function createRoleService(deps: { db: Db }) {
  const { db } = deps;

  async function existing(id: string, tx: DbOrTx = db) {
    const row = await repo.get(tx, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(_caller: Caller, query: z.infer<typeof roleListQuery>) {
      const { rows, count } = await repo.list(db, query);
      return { data: rows.map(toRole), count };
    },

    get: async (_caller: Caller, id: string): Promise<Role> => toRole(await existing(id)),

    /** The staff a change to this role would affect, as far as the caller's partner scope shows them. */
    async users(caller: Caller, id: string): Promise<RoleUser[]> {
      await existing(id);
      return repo.usersOf(db, caller.scope, id);
    },

    async create(caller: Caller, input: RoleInput): Promise<Role> {
      assertNoEscalation(caller, input.permissions);
      const id = randomUUID();
      return db.transaction(async (tx) => {
        const values = {
          title: input.title,
          permissions: unique(input.permissions),
          appPermissions: unique(input.appPermissions),
        };
        await repo.insert(tx, id, values);
        const role = toRole((await repo.get(tx, id))!);
        await logChange(tx, caller, 'role', id, null, audited(role));
        return role;
      });
    },

    /** Replaces a role the caller outranks; its staff get the new permissions on their next request. */
    async update(caller: Caller, id: string, input: RoleInput): Promise<Role> {
      assertNoEscalation(caller, input.permissions);
      return db.transaction(async (tx) => {
        const before = toRole(await existing(id, tx));
        assertNotOutranked(caller, before.permissions, 'role');
        await repo.update(tx, id, {
          title: input.title,
          permissions: unique(input.permissions),
          appPermissions: unique(input.appPermissions),
        });
        await usersRepo.refreshRoleHolders(tx, id);
        const after = toRole((await repo.get(tx, id))!);
        await logChange(tx, caller, 'role', id, audited(before), audited(after));
        return after;
      });
    },

    /** Deletes a role the caller outranks; the staff holding it lose its permissions at once. */
    async remove(caller: Caller, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = toRole(await existing(id, tx));
        assertNotOutranked(caller, before.permissions, 'role');
        // Every holder, whatever the caller's scope: all of them lose the role.
        const holders = await repo.usersOf(tx, '*', id);
        await repo.remove(tx, id);
        await usersRepo.refreshUsers(
          tx,
          holders.map((u) => u.id),
        );
        await logChange(tx, caller, 'role', id, audited(before), null);
      });
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
