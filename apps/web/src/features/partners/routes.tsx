import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { partnerPaths } from './paths.ts';

/** Settings → General → Partners. Creating a partner is for account users only (partnerScope '*'). */
export const partnerRoutes: FeatureRoute[] = [
  {
    path: partnerPaths.list,
    page: () => import('./pages/partner-list.page.tsx'),
    meta: { requires: requires('partner.read') },
  },
  {
    path: partnerPaths.new,
    page: () => import('./pages/partner-new.page.tsx'),
    meta: { requires: requires('partner.write'), partnerScope: '*' },
  },
  {
    path: partnerPaths.edit,
    page: () => import('./pages/partner-edit.page.tsx'),
    meta: { requires: requires('partner.write') },
  },
];
