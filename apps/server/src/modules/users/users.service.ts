import { randomUUID } from 'node:crypto';
import type { User, UserCreate, UserListQuery, UserUpdate } from '@fleetdesk/contracts';
import type { MailSender } from '../../adapters/messaging.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { assertNoEscalation, assertNotOutranked } from '../../lib/escalation.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import { assertScopeWithin } from '../../lib/scope.ts';
import { hashPassword, oneTimePassword } from '../../lib/secrets.ts';
import { logChange, writeFieldLogs } from '../audit/audit.repo.ts';
import * as authRepo from '../auth/auth.repo.ts';
import * as partnersRepo from '../partners/partners.repo.ts';
import * as rolesRepo from '../roles/roles.repo.ts';
import * as repo from './users.repo.ts';

const toUser = (r: repo.UserRow): User => ({
  id: r.id,
  username: r.username,
  name: r.name,
  email: r.email,
  phoneNo: r.phone_no,
  partnerScope: r.all_partners ? '*' : r.partners.map((p) => p.id),
  partners: r.partners,
  roles: r.roles,
  lastActiveTime: toIsoOrNull(r.last_active_time),
  createdAt: toIso(r.created_at),
  updatedAt: toIso(r.updated_at),
});

const audited = (u: User) => ({
  name: u.name,
  email: u.email,
  phoneNo: u.phoneNo,
  partnerScope: u.partnerScope,
  roleIds: u.roles.map((r) => r.id).sort(),
});

const blankToNull = (v: string | undefined) => (v === undefined || v === '' ? null : v);

const usernameUsed = () => new DomainError('UsernameAlreadyUsed', 409, 'Username already used', { field: 'username' });
const emailUsed = () =>
  new DomainError('Conflict', 409, 'Email already used by another staff member', { field: 'email' });
const phoneUsed = () =>
  new DomainError('Conflict', 409, 'Phone number already used by another staff member', { field: 'phoneNo' });

/** The same answers when a concurrent request won the race and the unique index refused this write. */
const conflicts: Record<string, () => DomainError> = {
  users_username_key: usernameUsed,
  users_email_key: emailUsed,
  users_phone_no_key: phoneUsed,
};
export function asConflict(error: unknown): unknown {
  const constraint = uniqueViolation(error);
  return (constraint && conflicts[constraint]?.()) || error;
}

/** Refused when a change would leave nobody able to administer the account (issue 21). */
export const lastAdmin = () =>
  new DomainError(
    'LastAdministrator',
    422,
    'This change would leave no one with base:admin; give another staff member an administrator role first',
  );

/**
 * Runs a change to roles or staff that may take base:admin away, and refuses it (nothing written: the
 * transaction rolls back) when it leaves no live staff member holding it. An account that had no admin
 * before is not blocked by its own state.
 */
export async function keepingAnAdmin<T>(tx: DbOrTx, change: () => Promise<T>): Promise<T> {
  const before = await repo.lockAdmins(tx);
  const result = await change();
  if (before > 0 && (await repo.adminCount(tx)) === 0) throw lastAdmin();
  return result;
}

/**
 * Reads a live user the caller may manage: 404 when absent, deleted or outside the scope (a 403 would
 * confirm that the id exists). To change them the caller must also hold every web and app permission
 * they hold (403 Forbidden otherwise).
 */
async function manageable(tx: DbOrTx, caller: Caller, id: string, change = false) {
  const row = await repo.get(tx, caller.scope, id);
  if (!row) throw notFound();
  if (change) assertNotOutranked(caller, { permissions: row.permissions, appPermissions: row.app_permissions }, 'user');
  return row;
}

/** A scoped write that changed nothing: the user left the caller's reach since it was read. */
const written = (changed: boolean) => {
  if (!changed) throw notFound();
};

/** Checks what a create or update hands out: partners that exist and are in scope, roles that exist and grant nothing the caller lacks, unique contacts. */
async function checkGrant(tx: DbOrTx, caller: Caller, input: UserUpdate, exceptId?: string) {
  const partnerIds = input.partnerScope === '*' ? [] : [...new Set(input.partnerScope)];
  const roleIds = [...new Set(input.roleIds)];
  const fields: Record<string, string> = {};
  const knownPartners = await partnersRepo.existingIds(tx, partnerIds);
  if (knownPartners.length !== partnerIds.length) fields.partnerScope = 'Unknown partner';
  const knownRoles = await rolesRepo.existingIds(tx, roleIds);
  if (knownRoles.length !== roleIds.length) fields.roleIds = 'Unknown role';
  if (Object.keys(fields).length) throw validationError(fields);

  assertScopeWithin(caller.scope, input.partnerScope);
  assertNoEscalation(caller, await repo.grantsOfRoles(tx, roleIds));

  const email = blankToNull(input.email);
  const phoneNo = blankToNull(input.phoneNo);
  if (email && (await repo.contactTaken(tx, 'email', email, exceptId))) {
    throw emailUsed();
  }
  if (phoneNo && (await repo.contactTaken(tx, 'phoneNo', phoneNo, exceptId))) {
    throw phoneUsed();
  }
  return {
    values: { name: input.name, email, phoneNo, allPartners: input.partnerScope === '*' },
    partnerIds,
    roleIds,
  };
}

async function reload(tx: DbOrTx, caller: Caller, id: string) {
  return toUser(await manageable(tx, caller, id));
}

/**
 * Creates a staff member inside the caller's transaction with the rules of POST /account/users (username free
 * for good, partners and roles that exist, scope within the caller's, no role above theirs, unique contacts);
 * an approved access request creates its user through it too.
 */
export async function createStaff(tx: DbOrTx, caller: Caller, input: UserCreate, passwordHash: string | null) {
  if (await repo.usernameTaken(tx, input.username)) throw usernameUsed();
  const grant = await checkGrant(tx, caller, input);
  const id = randomUUID();
  await repo.insert(tx, id, input.username, grant.values, passwordHash);
  await repo.setLinks(tx, id, grant.partnerIds, grant.roleIds);
  const user = await reload(tx, caller, id);
  await logChange(tx, caller, 'user', id, null, { username: user.username, ...audited(user) });
  return user;
}

export function createUserService(deps: { db: Db; mail: MailSender }) {
  const { db } = deps;

  return {
    /** Staff the caller may manage, searched, filtered, sorted and paged. */
    async list(caller: Caller, query: UserListQuery) {
      const { rows, count } = await repo.list(db, caller.scope, query);
      return { data: rows.map(toUser), count };
    },

    /** One staff member the caller may manage. */
    get: async (caller: Caller, id: string) => reload(db, caller, id),

    /** Creates a staff member; the username is theirs for good (409 when taken, even by a deleted user). */
    async create(caller: Caller, input: UserCreate): Promise<User> {
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      return db
        .transaction((tx) => createStaff(tx, caller, input, passwordHash))
        .catch((error: unknown) => {
          throw asConflict(error);
        });
    },

    /** Changes a staff member; new roles and scope apply on their next request. */
    async update(caller: Caller, id: string, input: UserUpdate): Promise<User> {
      return db
        .transaction(async (tx) => {
          const before = toUser(await manageable(tx, caller, id, true));
          const grant = await checkGrant(tx, caller, input, id);
          await keepingAnAdmin(tx, async () => {
            written(await repo.update(tx, caller.scope, id, grant.values));
            await repo.setLinks(tx, id, grant.partnerIds, grant.roleIds);
          });
          const after = toUser((await repo.get(tx, '*', id))!);
          await logChange(tx, caller, 'user', id, audited(before), audited(after));
          return after;
        })
        .catch((error: unknown) => {
          throw asConflict(error);
        });
    },

    /** Deletes a staff member (kept for the audit trail) and ends their sessions. */
    async remove(caller: Caller, id: string): Promise<void> {
      if (id === caller.userId) throw new DomainError('DeleteFailed', 422, 'You cannot delete your own account');
      await db.transaction(async (tx) => {
        await manageable(tx, caller, id, true);
        await keepingAnAdmin(tx, async () => written(await repo.softDelete(tx, caller.scope, id)));
        await authRepo.revokeUserSessions(tx, id);
        await writeFieldLogs(tx, {
          entityType: 'user',
          entityId: id,
          userId: caller.userId,
          changes: [{ field: 'deleted', before: false, after: true }],
        });
      });
    },

    /** Sets a one-time password, ends the user's sessions and mails the password when an email is known. */
    async resetPassword(caller: Caller, id: string): Promise<{ password: string }> {
      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      const user = await db.transaction(async (tx) => {
        const row = await manageable(tx, caller, id, true);
        written(await repo.setPassword(tx, caller.scope, id, passwordHash));
        await authRepo.revokeUserSessions(tx, id);
        await writeFieldLogs(tx, {
          entityType: 'user',
          entityId: id,
          userId: caller.userId,
          changes: [{ field: 'password', before: null, after: 'reset' }],
        });
        return row;
      });
      if (user.email) {
        await deps.mail.send(
          user.email,
          'Your Fleetdesk password was reset',
          `Hello ${user.name},\n\nYour new one-time password is: ${password}\nSign in and keep it safe.`,
        );
      }
      return { password };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
