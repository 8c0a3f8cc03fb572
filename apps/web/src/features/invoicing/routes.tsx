import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { invoicingPaths } from './paths.ts';

/**
 * Settings → General → Invoicing (config.read; the switch itself needs config.write, checked on the page) and
 * Settings → Partner → Rental configs (readers see the list; new and edit need the write permission).
 */
export const invoicingRoutes: FeatureRoute[] = [
  {
    path: invoicingPaths.settings,
    page: () => import('./pages/invoicing-settings.page.tsx'),
    meta: { requires: requires('config.read') },
  },
  {
    path: invoicingPaths.list,
    page: () => import('./pages/rental-config-list.page.tsx'),
    meta: { requires: requires('rental_partner_config.read') },
  },
  {
    path: invoicingPaths.new,
    page: () => import('./pages/rental-config-new.page.tsx'),
    meta: { requires: requires('rental_partner_config.write') },
  },
  {
    path: invoicingPaths.edit,
    page: () => import('./pages/rental-config-edit.page.tsx'),
    meta: { requires: requires('rental_partner_config.write') },
  },
];
