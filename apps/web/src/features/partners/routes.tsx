import { partnerEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { partnerPaths } from './urls.ts';

/** Settings → General → Partners. Creating a partner is for account users only (partnerScope '*'). */
export const partnerRoutes: FeatureRoute[] = [
  {
    path: partnerPaths.list,
    page: () => import('./pages/partner-list.page.tsx'),
    meta: { requires: requirementOf(partnerEndpoints.list) },
  },
  {
    path: partnerPaths.new,
    page: () => import('./pages/partner-new.page.tsx'),
    meta: { requires: requirementOf(partnerEndpoints.create), partnerScope: '*' },
  },
  {
    path: partnerPaths.edit,
    page: () => import('./pages/partner-edit.page.tsx'),
    meta: { requires: requirementOf(partnerEndpoints.update) },
  },
];
