import {
  ApiOutlined,
  ControlOutlined,
  FileTextOutlined,
  FormOutlined,
  IdcardOutlined,
  PercentageOutlined,
  ReconciliationOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import {
  agencyClientEndpoints,
  partnerEndpoints,
  type Requirement,
  rentingConfigEndpoints,
  requires,
  taxGroupEndpoints,
} from '@fleetdesk/contracts';
import type { ComponentType } from 'react';
import { requirementOf } from '../../shared/permissions.ts';
import { accountUrls } from '../account/urls.ts';
import { invoicingUrls } from '../invoicing/urls.ts';
import { openDataUrls } from '../open-data/urls.ts';
import { partnerUrls } from '../partners/urls.ts';
import { taxGroupUrls } from '../tax/urls.ts';

/** The cards of Settings → General (document 1 §2.3 "General settings", "Customer communication"). */
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
    key: 'operations',
    icon: ControlOutlined,
    titleKey: 'general.operations.title',
    descriptionKey: 'general.operations.description',
    to: '/setting/general/operations',
    requires: requires('config.read'),
  },
  {
    key: 'invoicing',
    icon: ReconciliationOutlined,
    titleKey: 'general.invoicing.title',
    descriptionKey: 'general.invoicing.description',
    to: invoicingUrls.settings(),
    requires: requirementOf(rentingConfigEndpoints.get),
  },
  {
    key: 'communication',
    icon: FileTextOutlined,
    titleKey: 'general.communication.title',
    descriptionKey: 'general.communication.description',
    to: '/setting/general/customer-communication',
    requires: requires('setting.document.read'),
  },
  {
    key: 'customization',
    icon: FormOutlined,
    titleKey: 'general.customization.title',
    descriptionKey: 'general.customization.description',
    to: '/setting/general/customization',
    requires: requires('customer_info_setting.read', 'config.read'),
  },
  {
    key: 'account',
    icon: IdcardOutlined,
    titleKey: 'general.account.title',
    descriptionKey: 'general.account.description',
    to: accountUrls.settings(),
    requires: requires('config.read'),
  },
  {
    key: 'agencyAccess',
    icon: ApiOutlined,
    titleKey: 'general.agencyAccess.title',
    descriptionKey: 'general.agencyAccess.description',
    to: openDataUrls.agencyAccess(),
    requires: requirementOf(agencyClientEndpoints.list),
  },
];
