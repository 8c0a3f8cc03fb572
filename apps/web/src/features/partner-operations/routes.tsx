import { partnerOperationsEndpoints, partnerOverviewEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { partnerOperationsPaths } from './urls.ts';

/**
 * Settings → Partner → Overview and Partner operations. Like the other settings forms, new and edit need the
 * write permission; readers see the list and the overview.
 */
export const partnerOperationsRoutes: FeatureRoute[] = [
  {
    path: partnerOperationsPaths.overview,
    page: () => import('./pages/partner-overview.page.tsx'),
    meta: { requires: requirementOf(partnerOverviewEndpoints.list) },
  },
  {
    path: partnerOperationsPaths.list,
    page: () => import('./pages/partner-operations-list.page.tsx'),
    meta: { requires: requirementOf(partnerOperationsEndpoints.list) },
  },
  {
    path: partnerOperationsPaths.new,
    page: () => import('./pages/partner-operations-new.page.tsx'),
    meta: { requires: requirementOf(partnerOperationsEndpoints.create) },
  },
  {
    path: partnerOperationsPaths.edit,
    page: () => import('./pages/partner-operations-edit.page.tsx'),
    meta: { requires: requirementOf(partnerOperationsEndpoints.update) },
  },
];
