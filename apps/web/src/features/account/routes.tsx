import type { FeatureRoute } from '../../shared/routing.ts';
import { accountPaths } from './paths.ts';

/**
 * Account settings: open to every signed-in user (their own security, binding and notification parts); the account's
 * basic part needs config.read to view and config.write to save (checked on the page).
 */
export const accountRoutes: FeatureRoute[] = [
  {
    path: accountPaths.settings,
    page: () => import('./pages/account-settings.page.tsx'),
    meta: {},
  },
];
