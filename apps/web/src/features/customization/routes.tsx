import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';

/**
 * Settings → General → Customization: customer information collection and the console limits. Either read
 * permission opens the page; each card shows only with its own.
 */
export const customizationRoutes: FeatureRoute[] = [
  {
    path: '/setting/general/customization',
    page: () => import('./pages/customization.page.tsx'),
    meta: { requires: requires('customer_info_setting.read', 'config.read') },
  },
];
