import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { assetMapPaths } from './paths.ts';

/** Asset → Asset map; the side menu folds here to leave the map the room (document 1 §2.6). */
export const assetMapRoutes: FeatureRoute[] = [
  {
    path: assetMapPaths.map,
    page: () => import('./pages/asset-map.page.tsx'),
    meta: { requires: requires('asset.map.basic') },
  },
];
