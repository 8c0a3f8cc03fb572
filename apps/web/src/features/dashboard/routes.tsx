import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { dashboardPaths } from './paths.ts';

/** Dashboard → Asset Dashboard (document 1 §2.3, §2.5). */
export const dashboardRoutes: FeatureRoute[] = [
  {
    path: dashboardPaths.asset,
    page: () => import('./pages/asset-dashboard.page.tsx'),
    meta: { requires: requires('asset.read') },
    firstScreen: true,
  },
];
