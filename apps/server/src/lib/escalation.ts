import { ADMIN_PERMISSION, appPermission } from '@fleetdesk/contracts';
import { DomainError } from '../errors.ts';
import type { Caller } from './caller.ts';

/**
 * What a role carries or a user holds, on both platforms. The checks below take both lists together so
 * neither can be forgotten: comparing web permissions alone let operation-app permissions through.
 */
export interface Grants {
  permissions: Iterable<string>;
  appPermissions: Iterable<string>;
}

/** The grants the caller lacks (none for base:admin), web and app apart, each sorted. */
function excessOver(caller: Caller, grants: Grants): { permissions: string[]; appPermissions: string[] } {
  if (caller.permissions.has(ADMIN_PERMISSION)) return { permissions: [], appPermissions: [] };
  const lacking = (values: Iterable<string>, asHeld: (p: string) => string) =>
    [...new Set(values)].filter((p) => !caller.permissions.has(asHeld(p))).sort();
  return {
    permissions: lacking(grants.permissions, (p) => p),
    // The caller's set holds app permissions as `app:<name>` (plugins/auth.ts).
    appPermissions: lacking(grants.appPermissions, appPermission),
  };
}

const isEmpty = (excess: ReturnType<typeof excessOver>) =>
  excess.permissions.length === 0 && excess.appPermissions.length === 0;

/**
 * Nobody hands out more than they hold: a role may only carry, and a user may only receive, web and app
 * permissions the caller has (base:admin holds them all). Refused with 403 Forbidden listing the excess.
 */
export function assertNoEscalation(caller: Caller, granted: Grants) {
  const excess = excessOver(caller, granted);
  if (!isEmpty(excess)) {
    throw new DomainError('Forbidden', 403, 'You cannot grant permissions you do not hold yourself', excess);
  }
}

/**
 * Nobody changes what holds more than they do: rewriting or deleting such a role, or editing, deleting or
 * resetting the password of such a user, would demote or take over someone more privileged (a reset
 * password is handed back to the caller). Web and app permissions count alike. Refused with 403 Forbidden
 * listing what the caller lacks.
 */
export function assertNotOutranked(caller: Caller, held: Grants, what: 'role' | 'user') {
  const excess = excessOver(caller, held);
  if (!isEmpty(excess)) {
    throw new DomainError(
      'Forbidden',
      403,
      `You cannot change a ${what} holding permissions you do not hold yourself`,
      excess,
    );
  }
}
