import { EnvironmentOutlined } from '@ant-design/icons';
import { siteEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import { siteUrls } from '../sites/urls.ts';
import type { SettingsSection } from './general-sections.ts';

/**
 * The cards of Settings → Partner. Only sections whose screens exist are listed; partner operations,
 * customer communication, payment methods and collect-return rules join here when they are built.
 */
export const partnerSections: SettingsSection[] = [
  {
    key: 'sites',
    icon: EnvironmentOutlined,
    titleKey: 'partner.sites.title',
    descriptionKey: 'partner.sites.description',
    to: siteUrls.list(),
    requires: requirementOf(siteEndpoints.query),
  },
];
