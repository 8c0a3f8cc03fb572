import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { accessRequestPaths, userPaths } from './paths.ts';

/** Team → User: list, new, edit (`?id=`). */
export const userRoutes: FeatureRoute[] = [
  {
    path: userPaths.list,
    page: () => import('./pages/user-list.page.tsx'),
    meta: { requires: requires('user.read') },
  },
  {
    path: userPaths.new,
    page: () => import('./pages/user-new.page.tsx'),
    meta: { requires: requires('user.create') },
  },
  {
    path: userPaths.edit,
    page: () => import('./pages/user-edit.page.tsx'),
    meta: { requires: requires('user.update') },
  },
  {
    path: accessRequestPaths.list,
    page: () => import('./pages/access-request-list.page.tsx'),
    meta: { requires: requires('user.read') },
  },
];
