import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { rolePaths } from './paths.ts';

/** Team → Role: list, new, edit. */
export const roleRoutes: FeatureRoute[] = [
  {
    path: rolePaths.list,
    page: () => import('./pages/role-list.page.tsx'),
    meta: { requires: requires('role.read') },
  },
  {
    path: rolePaths.new,
    page: () => import('./pages/role-new.page.tsx'),
    meta: { requires: requires('role.create') },
  },
  {
    path: rolePaths.edit,
    page: () => import('./pages/role-edit.page.tsx'),
    meta: { requires: requires('role.update') },
  },
];
