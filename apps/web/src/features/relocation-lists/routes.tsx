import { relocationListEndpoints as e } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { relocationPaths } from './urls.ts';

/** Operation → Relocation: read-only in the console (collect and launch happen in the operation app). */
export const relocationListRoutes: FeatureRoute[] = [
  {
    path: relocationPaths.list,
    page: () => import('./pages/relocation-list.page.tsx'),
    meta: { requires: requirementOf(e.list) },
  },
  {
    path: relocationPaths.detail,
    page: () => import('./pages/relocation-detail.page.tsx'),
    meta: { requires: requirementOf(e.get) },
  },
];
