import {
  AppstoreOutlined,
  CreditCardOutlined,
  DeploymentUnitOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  GlobalOutlined,
  ReconciliationOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { gbfsSettingsEndpoints, rentingConfigEndpoints, requires, siteEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import { invoicingUrls } from '../invoicing/urls.ts';
import { openDataUrls } from '../open-data/urls.ts';
import { siteUrls } from '../sites/urls.ts';
import type { SettingsSection } from './general-sections.ts';

/** The cards of Settings → Partner (document 1 §2.3 "Partner settings"). */
export const partnerSections: SettingsSection[] = [
  {
    key: 'overview',
    icon: AppstoreOutlined,
    titleKey: 'partner.overview.title',
    descriptionKey: 'partner.overview.description',
    to: '/setting/partner/overview',
    requires: requires('rental_partner_config.read'),
  },
  {
    key: 'sites',
    icon: EnvironmentOutlined,
    titleKey: 'partner.sites.title',
    descriptionKey: 'partner.sites.description',
    to: siteUrls.list(),
    requires: requirementOf(siteEndpoints.query),
  },
  {
    key: 'operations',
    icon: SettingOutlined,
    titleKey: 'partner.operations.title',
    descriptionKey: 'partner.operations.description',
    to: '/setting/partner/operations/list',
    requires: requires('rental_partner_config.read'),
  },
  {
    key: 'rentalConfigs',
    icon: ReconciliationOutlined,
    titleKey: 'partner.rentalConfigs.title',
    descriptionKey: 'partner.rentalConfigs.description',
    to: invoicingUrls.list(),
    requires: requirementOf(rentingConfigEndpoints.findAll),
  },
  {
    key: 'collectReturnRules',
    icon: DeploymentUnitOutlined,
    titleKey: 'partner.collectReturnRules.title',
    descriptionKey: 'partner.collectReturnRules.description',
    to: '/setting/partner/collect-return-rule/list',
    requires: requires('program.rule_part.read'),
  },
  {
    key: 'communication',
    icon: FileTextOutlined,
    titleKey: 'partner.communication.title',
    descriptionKey: 'partner.communication.description',
    to: '/setting/partner/customer-communication',
    requires: requires('setting.partner_document.read'),
  },
  {
    key: 'paymentMethods',
    icon: CreditCardOutlined,
    titleKey: 'partner.paymentMethods.title',
    descriptionKey: 'partner.paymentMethods.description',
    to: '/setting/partner/payment-method/list',
    requires: requires('partner.payment.credit_card.read', 'partner.payment.direct_debit.read'),
  },
  {
    key: 'openData',
    icon: GlobalOutlined,
    titleKey: 'partner.openData.title',
    descriptionKey: 'partner.openData.description',
    to: openDataUrls.gbfs(),
    requires: requirementOf(gbfsSettingsEndpoints.get),
  },
];
