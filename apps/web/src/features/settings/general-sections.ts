import { IdcardOutlined, TeamOutlined } from '@ant-design/icons';
import { partnerEndpoints, type Requirement, requires } from '@fleetdesk/contracts';
import type { ComponentType } from 'react';
import { requirementOf } from '../../shared/permissions.ts';
import { accountUrls } from '../account/urls.ts';
import { partnerUrls } from '../partners/urls.ts';

/**
 * The cards of Settings → General. Only sections whose screens exist are listed; operations, customer
 * communication, customization and tax groups join here when they are built.
 */
export interface GeneralSection {
  key: string;
  icon: ComponentType;
  /** Keys in the `settings` namespace. */
  titleKey: string;
  descriptionKey: string;
  to: string;
  requires: Requirement;
}

export const generalSections: GeneralSection[] = [
  {
    key: 'partners',
    icon: TeamOutlined,
    titleKey: 'general.partners.title',
    descriptionKey: 'general.partners.description',
    to: partnerUrls.list(),
    requires: requirementOf(partnerEndpoints.list),
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
