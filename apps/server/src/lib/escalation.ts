import { ADMIN_PERMISSION } from '@fleetdesk/contracts';
import { DomainError } from '../errors.ts';
import type { Caller } from './caller.ts';

/**
 * Nobody hands out more than they hold: a role may only carry, and a user may only receive, permissions
 * the caller has (base:admin holds them all). Refused with 403 Forbidden listing the excess.
 */
export function assertNoEscalation(caller: Caller, granted: Iterable<string>) {
  if (caller.permissions.has(ADMIN_PERMISSION)) return;
  const excess = [...new Set(granted)].filter((p) => !caller.permissions.has(p));
  if (excess.length > 0) {
    throw new DomainError('Forbidden', 403, 'You cannot grant permissions you do not hold yourself', {
      permissions: excess.sort(),
    });
  }
}
