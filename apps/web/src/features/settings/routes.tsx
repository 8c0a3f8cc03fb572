import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';

/** Reading any general-settings section opens the General landing page. */
export const generalSettingsRequirement = requires(
  'partner.read',
  'config.read',
  'setting.document.read',
  'customer_info_setting.read',
  'tax_group.read',
  'open_data.agency_client.read',
);

/** Reading any partner-settings section opens the Partner landing page. */
export const partnerSettingsRequirement = requires(
  'site.read',
  'rental_partner_config.read',
  'program.rule_part.read',
  'setting.partner_document.read',
  'partner.payment.credit_card.read',
  'partner.payment.direct_debit.read',
);

export const settingsRoutes: FeatureRoute[] = [
  {
    path: '/setting/general',
    page: () => import('./pages/general-settings.page.tsx'),
    meta: { requires: generalSettingsRequirement },
  },
  {
    path: '/setting/partner',
    page: () => import('./pages/partner-settings.page.tsx'),
    meta: { requires: partnerSettingsRequirement },
  },
];
