import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { partnerOperationsPaths } from './paths.ts';

/**
 * Settings → Partner → Overview and Partner operations. Like the other settings forms, new and edit need the
 * write permission; readers see the list and the overview.
 */
export const partnerOperationsRoutes: FeatureRoute[] = [
  {
    path: partnerOperationsPaths.overview,
    page: () => import('./pages/partner-overview.page.tsx'),
    meta: { requires: requires('partner.read', 'rental_partner_config.read') },
  },
  {
    path: partnerOperationsPaths.list,
    page: () => import('./pages/partner-operations-list.page.tsx'),
    meta: { requires: requires('rental_partner_config.read') },
  },
  {
    path: partnerOperationsPaths.new,
    page: () => import('./pages/partner-operations-new.page.tsx'),
    meta: { requires: requires('rental_partner_config.write') },
  },
  {
    path: partnerOperationsPaths.edit,
    page: () => import('./pages/partner-operations-edit.page.tsx'),
    meta: { requires: requires('rental_partner_config.write') },
  },
];
