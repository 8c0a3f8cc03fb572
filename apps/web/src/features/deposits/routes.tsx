import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { depositPaths } from './paths.ts';

/** B2C → Deposit Refund Application. */
export const depositRoutes: FeatureRoute[] = [
  {
    path: depositPaths.applications,
    page: () => import('./pages/refund-application-list.page.tsx'),
    meta: { requires: requires('deposit_refund_application.read') },
  },
];
