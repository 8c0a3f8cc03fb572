import { randomUUID } from 'node:crypto';
import type { Role, RoleInput, RoleUsers, roleListQuery } from '@fleetdesk/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { assertNoEscalation, assertNotOutranked } from '../../lib/escalation.ts';
import { toIso } from '../../lib/rows.ts';
import { logChange } from '../audit/audit.repo.ts';
import * as usersRepo from '../users/users.repo.ts';
import { keepingAnAdmin } from '../users/users.service.ts';
import * as repo from './roles.repo.ts';

const toRole = (r: repo.RoleRow): Role => ({
  id: r.id,
  title: r.title,
  permissions: [...r.permissions].sort(),
  appPermissions: [...r.appPermissions].sort(),
  userCount: r.userCount,
  holdersOutsideScope: r.holdersOutsideScope,
  createdAt: toIso(r.createdAt),
  updatedAt: toIso(r.updatedAt),
});

const audited = (r: Role) => ({ title: r.title, permissions: r.permissions, appPermissions: r.appPermissions });
const unique = (values: string[]) => [...new Set(values)];
const valuesOf = (input: RoleInput): repo.RoleValues => ({
  title: input.title,
  permissions: unique(input.permissions),
  appPermissions: unique(input.appPermissions),
});

/** A role also held by staff outside the caller's scope reaches them too, so the caller may not change it. */
const holdersOutOfScope = () =>
  new DomainError(
    'PartnerOutOfScope',
    403,
    'This role is also held by staff outside your partner scope; only a scope covering all of them can change it',
  );

/**
 * Roles belong to the account: every caller with role permissions reads all of them. A role is changed
 * or deleted only by a caller whose scope covers every holder (roles.repo decides it in the write itself).
 */
export function createRoleService(deps: { db: Db }) {
  const { db } = deps;

  async function existing(tx: DbOrTx, caller: Caller, id: string) {
    const row = await repo.get(tx, caller.scope, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    /** Roles searched, sorted and paged, each with its holders outside the caller's scope counted. */
    async list(caller: Caller, query: z.infer<typeof roleListQuery>) {
      const { rows, count } = await repo.list(db, caller.scope, query);
      return { data: rows.map(toRole), count };
    },

    /** One role. */
    get: async (caller: Caller, id: string): Promise<Role> => toRole(await existing(db, caller, id)),

    /** The staff a change to this role would affect that the caller may see, and how many others it reaches. */
    async users(caller: Caller, id: string): Promise<RoleUsers> {
      const role = await existing(db, caller, id);
      return { data: await repo.usersOf(db, caller.scope, id), holdersOutsideScope: role.holdersOutsideScope };
    },

    /** Creates a role carrying only web and app permissions the caller holds. */
    async create(caller: Caller, input: RoleInput): Promise<Role> {
      assertNoEscalation(caller, input);
      const id = randomUUID();
      return db.transaction(async (tx) => {
        await repo.insert(tx, id, valuesOf(input));
        const role = toRole(await existing(tx, caller, id));
        await logChange(tx, caller, 'role', id, null, audited(role));
        return role;
      });
    },

    /** Replaces a role the caller outranks and whose holders they all cover; they get it on their next request. */
    async update(caller: Caller, id: string, input: RoleInput): Promise<Role> {
      assertNoEscalation(caller, input);
      return db.transaction(async (tx) => {
        const before = toRole(await existing(tx, caller, id));
        assertNotOutranked(caller, before, 'role');
        await keepingAnAdmin(tx, async () => {
          if (!(await repo.update(tx, caller.scope, id, valuesOf(input)))) throw holdersOutOfScope();
          await usersRepo.refreshRoleHolders(tx, id);
        });
        const after = toRole(await existing(tx, caller, id));
        await logChange(tx, caller, 'role', id, audited(before), audited(after));
        return after;
      });
    },

    /** Deletes a role the caller outranks and whose holders they all cover; the holders lose it at once. */
    async remove(caller: Caller, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = toRole(await existing(tx, caller, id));
        assertNotOutranked(caller, before, 'role');
        // Every holder, whatever the caller's scope: all of them lose the role.
        const holders = await repo.usersOf(tx, '*', id);
        await keepingAnAdmin(tx, async () => {
          if (!(await repo.remove(tx, caller.scope, id))) throw holdersOutOfScope();
          await usersRepo.refreshUsers(
            tx,
            holders.map((u) => u.id),
          );
        });
        await logChange(tx, caller, 'role', id, audited(before), null);
      });
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
