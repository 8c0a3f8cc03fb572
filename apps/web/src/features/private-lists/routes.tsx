import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { privateListPaths } from './paths.ts';

/** Operation → Private lists (document 1 §2.3); a screen of one list needs to read or change lists. */
export const privateListRoutes: FeatureRoute[] = [
  {
    path: privateListPaths.mine,
    page: () => import('./pages/private-list-mine.page.tsx'),
    meta: { requires: requires('private_list.me.read') },
  },
  {
    path: privateListPaths.all,
    page: () => import('./pages/private-list-all.page.tsx'),
    meta: { requires: requires('private_list.read') },
  },
  {
    path: privateListPaths.new,
    page: () => import('./pages/private-list-new.page.tsx'),
    meta: { requires: requires('private_list.me.create') },
  },
  {
    path: privateListPaths.edit,
    page: () => import('./pages/private-list-edit.page.tsx'),
    meta: { requires: requires('private_list.update', 'private_list.me.update') },
  },
  {
    path: privateListPaths.assets,
    page: () => import('./pages/private-list-assets.page.tsx'),
    meta: { requires: requires('private_list.read', 'private_list.me.read') },
  },
  {
    path: privateListPaths.import,
    page: () => import('./pages/private-list-import.page.tsx'),
    meta: { requires: requires('private_list.update', 'private_list.me.update') },
  },
];
