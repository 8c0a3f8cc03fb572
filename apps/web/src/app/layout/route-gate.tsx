import { satisfies } from '@fleetdesk/contracts';
import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { usePermissionSet } from '../../shared/permissions.ts';
import { useSignedInProfile } from '../../shared/profile.ts';
import type { RouteMeta } from '../../shared/routing.ts';
import { ForbiddenPage } from '../errors/forbidden.page.tsx';
import { PartnerScopeMismatchPage } from '../errors/partner-scope-mismatch.page.tsx';

/** Every RouteMeta of the matched routes, outermost first. */
export function useRouteMetas(): RouteMeta[] {
  return useMatches()
    .map((match) => match.handle as RouteMeta | undefined)
    .filter((meta): meta is RouteMeta => meta !== undefined && meta !== null);
}

/** Shows the page only when every matched route's requirement and scope rule is met. */
export function RouteGate({ children }: { children: ReactNode }) {
  const metas = useRouteMetas();
  const permissions = usePermissionSet();
  const profile = useSignedInProfile();
  if (metas.some((meta) => meta.requires && !satisfies(permissions, meta.requires))) return <ForbiddenPage />;
  if (metas.some((meta) => meta.partnerScope === '*') && profile?.partnerScope !== '*') {
    return <PartnerScopeMismatchPage />;
  }
  return children;
}
