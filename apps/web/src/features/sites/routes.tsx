import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { sitePaths } from './paths.ts';

/** Settings → Partner → Sites. Sites belong to partners: every screen shows only the caller's partners. */
export const siteRoutes: FeatureRoute[] = [
  {
    path: sitePaths.list,
    page: () => import('./pages/site-list.page.tsx'),
    meta: { requires: requires('site.read') },
  },
  {
    path: sitePaths.new,
    page: () => import('./pages/site-new.page.tsx'),
    meta: { requires: requires('site.write') },
  },
  {
    path: sitePaths.edit,
    page: () => import('./pages/site-edit.page.tsx'),
    meta: { requires: requires('site.write') },
  },
];
