import { type PartnerScope, type Requirement, satisfies } from '@fleetdesk/contracts';
import { useMemo } from 'react';
import { useSignedInProfile } from './profile.ts';

/**
 * Every permission decision in the console goes through contracts' satisfies(), the same function the
 * server guard uses, so a button and the call behind it can never disagree.
 */
export function usePermissionSet(): ReadonlySet<string> {
  const profile = useSignedInProfile();
  return useMemo(() => new Set(profile?.permissions ?? []), [profile]);
}

/** True when the signed-in user meets the requirement (false while the profile loads). */
export function useCan(requirement: Requirement): boolean {
  const held = usePermissionSet();
  return held.size > 0 && satisfies(held, requirement);
}

/** A route or action that needs the account-wide scope ('*') is refused to partner users. */
export function scopeAllows(scope: PartnerScope | undefined, needed: '*' | undefined): boolean {
  return needed !== '*' || scope === '*';
}

/**
 * True when the signed-in user may change an account-wide object (categories, tax groups, account settings):
 * the requirement is met and their scope is "*". The server refuses partner users with PartnerOutOfScope,
 * so the console does not offer them the change.
 */
export function useCanChangeAccountWide(requirement: Requirement): boolean {
  const profile = useSignedInProfile();
  return useCan(requirement) && scopeAllows(profile?.partnerScope, '*');
}

/** Renders children only when the requirement is met: for buttons that must not show (brief: "hidden"). */
export function Can({ requires, children }: { requires: Requirement; children: React.ReactNode }) {
  return useCan(requires) ? children : null;
}

/** The requirement an endpoint declares, for guarding the button or route that calls it. */
export function requirementOf(endpoint: { requires: Requirement | 'public' | 'agency' }): Requirement {
  return endpoint.requires === 'public' || endpoint.requires === 'agency' ? [] : endpoint.requires;
}
