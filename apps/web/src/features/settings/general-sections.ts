import { IdcardOutlined, PercentageOutlined, TeamOutlined } from '@ant-design/icons';
import { partnerEndpoints, type Requirement, requires, taxGroupEndpoints } from '@fleetdesk/contracts';
import type { ComponentType } from 'react';
import { requirementOf } from '../../shared/permissions.ts';
import { accountUrls } from '../account/urls.ts';
import { partnerUrls } from '../partners/urls.ts';
import { taxGroupUrls } from '../tax/urls.ts';

/**
 * The cards of Settings → General. Only sections whose screens exist are listed; operations, customer
 * communication and customization join here when they are built.
 */
export interface SettingsSection {
  key: string;
  icon: ComponentType;
  /** Keys in the `settings` namespace. */
  titleKey: string;
  descriptionKey: string;
  to: string;
  requires: Requirement;
}

export const generalSections: SettingsSection[] = [
  {
    key: 'partners',
    icon: TeamOutlined,
    titleKey: 'general.partners.title',
    descriptionKey: 'general.partners.description',
    to: partnerUrls.list(),
    requires: requirementOf(partnerEndpoints.list),
  },
  {
    key: 'taxGroups',
    icon: PercentageOutlined,
    titleKey: 'general.taxGroups.title',
    descriptionKey: 'general.taxGroups.description',
    to: taxGroupUrls.list(),
    // The screens are for tax_group readers; site staff only use the list endpoint through the site form.
    requires: requirementOf(taxGroupEndpoints.get),
  },
  {
    key: 'account',
    icon: IdcardOutlined,
    titleKey: 'general.account.title',
    descriptionKey: 'general.account.description',
    to: accountUrls.settings(),
    requires: requires('config.read'),
  },
];
