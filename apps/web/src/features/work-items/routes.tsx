import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { workItemPaths } from './paths.ts';

/** Checklist → Work items. Work items belong to their provider partner: every screen shows the caller's partners'. */
export const workItemRoutes: FeatureRoute[] = [
  {
    path: workItemPaths.list,
    page: () => import('./pages/work-item-list.page.tsx'),
    meta: { requires: requires('checklist.work_item.read') },
  },
  {
    path: workItemPaths.new,
    page: () => import('./pages/work-item-new.page.tsx'),
    meta: { requires: requires('checklist.work_item.create') },
  },
  {
    path: workItemPaths.edit,
    page: () => import('./pages/work-item-edit.page.tsx'),
    meta: { requires: requires('checklist.work_item.update') },
  },
  {
    path: workItemPaths.detail,
    page: () => import('./pages/work-item-detail.page.tsx'),
    meta: { requires: requires('checklist.work_item.read') },
  },
];
