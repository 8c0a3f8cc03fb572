import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { tripPaths } from './paths.ts';

/** Asset → Asset Trip, and the multi-trip and all-trail maps (no side menu there: document 1 §2.6). */
export const tripRoutes: FeatureRoute[] = [
  {
    path: tripPaths.list,
    page: () => import('./pages/trip-list.page.tsx'),
    meta: { requires: requires('asset.trip.read') },
  },
  {
    path: tripPaths.multi,
    page: () => import('./pages/multi-trip.page.tsx'),
    meta: { requires: requires('asset.trip.read'), hideMenu: true },
  },
  {
    path: tripPaths.trail,
    page: () => import('./pages/all-trail.page.tsx'),
    meta: { requires: requires('asset.trip.read'), hideMenu: true },
  },
];
