import { satisfies } from '@fleetdesk/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { useMatches } from 'react-router';
import { usePermissionSet } from '../../shared/permissions.ts';
import { useSignedInProfile } from '../../shared/profile.ts';
import type { RouteMeta } from '../../shared/routing.ts';

// Rare answers, with antd's Result and its illustrations: loaded when shown, off the first screen (issue 27).
const ForbiddenPage = lazy(() => import('../errors/forbidden.page.tsx').then((m) => ({ default: m.ForbiddenPage })));
const PartnerScopeMismatchPage = lazy(() =>
  import('../errors/partner-scope-mismatch.page.tsx').then((m) => ({ default: m.PartnerScopeMismatchPage })),
);

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
  if (metas.some((meta) => meta.requires && !satisfies(permissions, meta.requires))) {
    return (
      <Suspense fallback={null}>
        <ForbiddenPage />
      </Suspense>
    );
  }
  if (metas.some((meta) => meta.partnerScope === '*') && profile?.partnerScope !== '*') {
    return (
      <Suspense fallback={null}>
        <PartnerScopeMismatchPage />
      </Suspense>
    );
  }
  return children;
}
