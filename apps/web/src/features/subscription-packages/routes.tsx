import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { packagePaths } from './paths.ts';

/** B2B Subscription → Package. Packages belong to their partner: every screen shows the caller's partners'. */
export const subscriptionPackageRoutes: FeatureRoute[] = [
  {
    path: packagePaths.list,
    page: () => import('./pages/package-list.page.tsx'),
    meta: { requires: requires('asset_subscription.package.read') },
  },
  {
    path: packagePaths.new,
    page: () => import('./pages/package-new.page.tsx'),
    meta: { requires: requires('asset_subscription.package.create') },
  },
  {
    path: packagePaths.edit,
    page: () => import('./pages/package-edit.page.tsx'),
    meta: { requires: requires('asset_subscription.package.update') },
  },
];
