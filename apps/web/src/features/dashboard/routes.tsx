import { dashboardEndpoints as e } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { dashboardPaths } from './urls.ts';

/** Dashboard → Asset Dashboard (document 1 §2.3, §2.5). */
export const dashboardRoutes: FeatureRoute[] = [
  {
    path: dashboardPaths.asset,
    page: () => import('./pages/asset-dashboard.page.tsx'),
    meta: { requires: requirementOf(e.overview) },
    firstScreen: true,
  },
];
