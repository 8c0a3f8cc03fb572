import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { openDataPaths } from './paths.ts';

/** Open data (issue 25): readers see the GBFS publication read-only; agency clients need their own permission. */
export const openDataRoutes: FeatureRoute[] = [
  {
    path: openDataPaths.gbfs,
    page: () => import('./pages/gbfs-settings.page.tsx'),
    meta: { requires: requires('rental_partner_config.read') },
  },
  {
    path: openDataPaths.agencyAccess,
    page: () => import('./pages/agency-access.page.tsx'),
    meta: { requires: requires('open_data.agency_client.read') },
  },
];
