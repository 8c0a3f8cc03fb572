import { subscriptionEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { packagePaths } from './urls.ts';

/** B2B Subscription → Package. Packages belong to their partner: every screen shows the caller's partners'. */
export const subscriptionPackageRoutes: FeatureRoute[] = [
  {
    path: packagePaths.list,
    page: () => import('./pages/package-list.page.tsx'),
    meta: { requires: requirementOf(subscriptionEndpoints.packages) },
  },
  {
    path: packagePaths.new,
    page: () => import('./pages/package-new.page.tsx'),
    meta: { requires: requirementOf(subscriptionEndpoints.createPackage) },
  },
  {
    path: packagePaths.edit,
    page: () => import('./pages/package-edit.page.tsx'),
    meta: { requires: requirementOf(subscriptionEndpoints.updatePackage) },
  },
];
