import { siteEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { sitePaths } from './urls.ts';

/** Settings → Partner → Sites. Sites belong to partners: every screen shows only the caller's partners. */
export const siteRoutes: FeatureRoute[] = [
  {
    path: sitePaths.list,
    page: () => import('./pages/site-list.page.tsx'),
    meta: { requires: requirementOf(siteEndpoints.query) },
  },
  {
    path: sitePaths.new,
    page: () => import('./pages/site-new.page.tsx'),
    meta: { requires: requirementOf(siteEndpoints.batchCreate) },
  },
  {
    path: sitePaths.edit,
    page: () => import('./pages/site-edit.page.tsx'),
    meta: { requires: requirementOf(siteEndpoints.update) },
  },
];
