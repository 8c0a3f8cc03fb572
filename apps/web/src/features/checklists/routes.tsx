import { checklistEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { checklistPaths } from './urls.ts';

/** Checklist → Management. Checklists belong to their provider partner: every screen shows the caller's partners'. */
export const checklistRoutes: FeatureRoute[] = [
  {
    path: checklistPaths.list,
    page: () => import('./pages/checklist-list.page.tsx'),
    meta: { requires: requirementOf(checklistEndpoints.list) },
  },
  {
    path: checklistPaths.new,
    page: () => import('./pages/checklist-new.page.tsx'),
    meta: { requires: requirementOf(checklistEndpoints.create) },
  },
  {
    path: checklistPaths.edit,
    page: () => import('./pages/checklist-edit.page.tsx'),
    meta: { requires: requirementOf(checklistEndpoints.update) },
  },
  {
    path: checklistPaths.detail,
    page: () => import('./pages/checklist-detail.page.tsx'),
    meta: { requires: requirementOf(checklistEndpoints.get) },
  },
];
