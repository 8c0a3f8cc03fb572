import { depositEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { depositPaths } from './urls.ts';

/** B2C → Deposit Refund Application. */
export const depositRoutes: FeatureRoute[] = [
  {
    path: depositPaths.applications,
    page: () => import('./pages/refund-application-list.page.tsx'),
    meta: { requires: requirementOf(depositEndpoints.applications) },
  },
];
