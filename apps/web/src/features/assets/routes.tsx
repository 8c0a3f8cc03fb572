import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { assetPaths } from './paths.ts';

/** Asset → Asset list, with its hidden pages: one asset's detail and the create form. */
export const assetRoutes: FeatureRoute[] = [
  {
    path: assetPaths.list,
    page: () => import('./pages/asset-list.page.tsx'),
    // The menu stays as the user left it: document 1 folds it only on the asset map and the B2C ticket list.
    meta: { requires: requires('asset.read') },
  },
  {
    path: assetPaths.new,
    page: () => import('./pages/asset-new.page.tsx'),
    meta: { requires: requires('asset.create') },
  },
  {
    path: assetPaths.detail,
    page: () => import('./pages/asset-detail.page.tsx'),
    meta: { requires: requires('asset.read') },
  },
];
