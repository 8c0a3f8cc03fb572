import { assetEndpoints, assetQueryEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { assetPaths } from './urls.ts';

/** Asset → Asset list, with its hidden pages: one asset's detail and the create form. */
export const assetRoutes: FeatureRoute[] = [
  {
    path: assetPaths.list,
    page: () => import('./pages/asset-list.page.tsx'),
    // The menu stays as the user left it: document 1 folds it only on the asset map and the B2C ticket list.
    meta: { requires: requirementOf(assetQueryEndpoints.query) },
  },
  {
    path: assetPaths.new,
    page: () => import('./pages/asset-new.page.tsx'),
    meta: { requires: requirementOf(assetEndpoints.create) },
  },
  {
    path: assetPaths.detail,
    page: () => import('./pages/asset-detail.page.tsx'),
    meta: { requires: requirementOf(assetEndpoints.get) },
  },
];
