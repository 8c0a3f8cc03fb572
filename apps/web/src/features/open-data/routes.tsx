import { agencyClientEndpoints, gbfsSettingsEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { openDataPaths } from './urls.ts';

/** Open data (issue 25): readers see the GBFS publication read-only; agency clients need their own permission. */
export const openDataRoutes: FeatureRoute[] = [
  {
    path: openDataPaths.gbfs,
    page: () => import('./pages/gbfs-settings.page.tsx'),
    meta: { requires: requirementOf(gbfsSettingsEndpoints.get) },
  },
  {
    path: openDataPaths.agencyAccess,
    page: () => import('./pages/agency-access.page.tsx'),
    meta: { requires: requirementOf(agencyClientEndpoints.list) },
  },
];
