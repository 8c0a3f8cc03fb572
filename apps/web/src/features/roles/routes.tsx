import { roleEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { rolePaths } from './urls.ts';

/** Team → Role: list, new, edit. */
export const roleRoutes: FeatureRoute[] = [
  {
    path: rolePaths.list,
    page: () => import('./pages/role-list.page.tsx'),
    meta: { requires: requirementOf(roleEndpoints.get) },
  },
  {
    path: rolePaths.new,
    page: () => import('./pages/role-new.page.tsx'),
    meta: { requires: requirementOf(roleEndpoints.create) },
  },
  {
    path: rolePaths.edit,
    page: () => import('./pages/role-edit.page.tsx'),
    meta: { requires: requirementOf(roleEndpoints.update) },
  },
];
