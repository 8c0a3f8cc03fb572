import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';

/** Reading any general-settings section opens the General landing page. */
export const generalSettingsRequirement = requires(
  'partner.read',
  'config.read',
  'setting.document.read',
  'customer_info_setting.read',
  'tax_group.read',
);

export const settingsRoutes: FeatureRoute[] = [
  {
    path: '/setting/general',
    page: () => import('./pages/general-settings.page.tsx'),
    meta: { requires: generalSettingsRequirement },
  },
];
