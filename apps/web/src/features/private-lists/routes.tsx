import { privateListEndpoints as e } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { privateListPaths } from './urls.ts';

/** Operation → Private lists (document 1 §2.3); a screen of one list needs to read or change lists. */
export const privateListRoutes: FeatureRoute[] = [
  {
    path: privateListPaths.mine,
    page: () => import('./pages/private-list-mine.page.tsx'),
    meta: { requires: requirementOf(e.mine) },
  },
  {
    path: privateListPaths.all,
    page: () => import('./pages/private-list-all.page.tsx'),
    meta: { requires: requirementOf(e.list) },
  },
  {
    path: privateListPaths.new,
    page: () => import('./pages/private-list-new.page.tsx'),
    meta: { requires: requirementOf(e.create) },
  },
  {
    path: privateListPaths.edit,
    page: () => import('./pages/private-list-edit.page.tsx'),
    meta: { requires: requirementOf(e.update) },
  },
  {
    path: privateListPaths.assets,
    page: () => import('./pages/private-list-assets.page.tsx'),
    meta: { requires: requirementOf(e.assets) },
  },
  {
    path: privateListPaths.import,
    page: () => import('./pages/private-list-import.page.tsx'),
    meta: { requires: requirementOf(e.update) },
  },
];
