import { assetEndpoints, assetQueryEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { assetPaths } from './urls.ts';

/** Asset → Asset list, with its hidden pages: one asset's detail and the create form. */
export const assetRoutes: FeatureRoute[] = [
  {
    path: assetPaths.list,
    page: () => import('./pages/asset-list.page.tsx'),
    // A wide, editable table: the side menu folds away (document 1 §2.6).
    meta: { requires: requirementOf(assetQueryEndpoints.query), collapseMenu: true },
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
