import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { checklistPaths } from './paths.ts';

/** Checklist → Management. Checklists belong to their provider partner: every screen shows the caller's partners'. */
export const checklistRoutes: FeatureRoute[] = [
  {
    path: checklistPaths.list,
    page: () => import('./pages/checklist-list.page.tsx'),
    meta: { requires: requires('checklist.checklist.read') },
  },
  {
    path: checklistPaths.new,
    page: () => import('./pages/checklist-new.page.tsx'),
    meta: { requires: requires('checklist.checklist.create') },
  },
  {
    path: checklistPaths.edit,
    page: () => import('./pages/checklist-edit.page.tsx'),
    meta: { requires: requires('checklist.checklist.update') },
  },
  {
    path: checklistPaths.detail,
    page: () => import('./pages/checklist-detail.page.tsx'),
    meta: { requires: requires('checklist.checklist.read') },
  },
];
