import { ADMIN_PERMISSION } from '@fleetdesk/contracts';
import { DomainError } from '../errors.ts';
import type { Caller } from './caller.ts';

/** The permissions in `others` the caller does not hold (none for base:admin), sorted. */
function excessOver(caller: Caller, others: Iterable<string>): string[] {
  if (caller.permissions.has(ADMIN_PERMISSION)) return [];
  return [...new Set(others)].filter((p) => !caller.permissions.has(p)).sort();
}

/**
 * Nobody hands out more than they hold: a role may only carry, and a user may only receive, permissions
 * the caller has (base:admin holds them all). Refused with 403 Forbidden listing the excess.
 */
export function assertNoEscalation(caller: Caller, granted: Iterable<string>) {
  const excess = excessOver(caller, granted);
  if (excess.length > 0) {
    throw new DomainError('Forbidden', 403, 'You cannot grant permissions you do not hold yourself', {
      permissions: excess,
    });
  }
}

/**
 * Nobody changes what holds more than they do: rewriting or deleting such a role, or editing, deleting or
 * resetting the password of such a user, would demote or take over someone more privileged (a reset
 * password is handed back to the caller). Refused with 403 Forbidden listing what the caller lacks.
 */
export function assertNotOutranked(caller: Caller, held: Iterable<string>, what: 'role' | 'user') {
  const excess = excessOver(caller, held);
  if (excess.length > 0) {
    throw new DomainError(
      'Forbidden',
      403,
      `You cannot change a ${what} holding permissions you do not hold yourself`,
      {
        permissions: excess,
      },
    );
  }
}
