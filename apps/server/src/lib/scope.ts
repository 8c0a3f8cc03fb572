import type { PartnerScope } from '@fleetdesk/contracts';
import { DomainError, outOfScope } from '../errors.ts';

/** The partners a caller may see: every partner ("*") or the listed ones. */
export type Scope = PartnerScope;

export const isAll = (scope: Scope): scope is '*' => scope === '*';

/** Whether a partner's rows are visible to the scope. */
export const partnerInScope = (scope: Scope, partnerId: string) => isAll(scope) || scope.includes(partnerId);

/** Refuses a partner id outside the scope (403 PartnerOutOfScope). */
export function assertPartnerInScope(scope: Scope, partnerId: string) {
  if (!partnerInScope(scope, partnerId)) throw outOfScope();
}

/** A scope a caller may hand out: never wider than their own. */
export function assertScopeWithin(caller: Scope, granted: Scope) {
  if (isAll(caller)) return;
  if (isAll(granted)) throw outOfScope();
  for (const id of granted) assertPartnerInScope(caller, id);
}

/**
 * The scope of a caller who reaches every partner. Repository functions that write account-wide objects
 * (categories, properties, tax groups, account switches and settings, account documents) take it as their
 * scope argument, so they cannot be called with a narrower scope: the service must narrow first.
 */
export type AllPartners = '*';

/** Narrows a caller's scope to "*" for an account-wide change, or refuses it (403 PartnerOutOfScope). */
export function allPartners(scope: Scope): AllPartners {
  if (!isAll(scope)) throw new DomainError('PartnerOutOfScope', 403, 'your partner scope must be set to all');
  return scope;
}

/** Account-wide settings reach every partner, so only an account user (scope "*") may change them. */
export function assertAllPartners(scope: Scope) {
  allPartners(scope);
}
