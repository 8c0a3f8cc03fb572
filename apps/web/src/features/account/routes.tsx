import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { accountPaths } from './urls.ts';

/** Account settings: config.read to view, config.write to save (checked on the page). */
export const accountRoutes: FeatureRoute[] = [
  {
    path: accountPaths.settings,
    page: () => import('./pages/account-settings.page.tsx'),
    meta: { requires: requires('config.read') },
  },
];
