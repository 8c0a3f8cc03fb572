import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { relocationPaths } from './paths.ts';

/** Operation → Relocation: read-only in the console (collect and launch happen in the operation app). */
export const relocationListRoutes: FeatureRoute[] = [
  {
    path: relocationPaths.list,
    page: () => import('./pages/relocation-list.page.tsx'),
    meta: { requires: requires('collection_list.read') },
  },
  {
    path: relocationPaths.detail,
    page: () => import('./pages/relocation-detail.page.tsx'),
    meta: { requires: requires('collection_list.read') },
  },
];
