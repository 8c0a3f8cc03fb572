import { assetMapEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { assetMapPaths } from './urls.ts';

/** Asset → Asset map; the side menu folds here to leave the map the room (document 1 §2.6). */
export const assetMapRoutes: FeatureRoute[] = [
  {
    path: assetMapPaths.map,
    page: () => import('./pages/asset-map.page.tsx'),
    meta: { requires: requirementOf(assetMapEndpoints.map) },
  },
];
