import { accessRequestEndpoints, userEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { accessRequestPaths, userPaths } from './urls.ts';

/** Team → User: list, new, edit (`?id=`). */
export const userRoutes: FeatureRoute[] = [
  {
    path: userPaths.list,
    page: () => import('./pages/user-list.page.tsx'),
    meta: { requires: requirementOf(userEndpoints.list) },
  },
  {
    path: userPaths.new,
    page: () => import('./pages/user-new.page.tsx'),
    meta: { requires: requirementOf(userEndpoints.create) },
  },
  {
    path: userPaths.edit,
    page: () => import('./pages/user-edit.page.tsx'),
    meta: { requires: requirementOf(userEndpoints.update) },
  },
  {
    path: accessRequestPaths.list,
    page: () => import('./pages/access-request-list.page.tsx'),
    meta: { requires: requirementOf(accessRequestEndpoints.list) },
  },
];
