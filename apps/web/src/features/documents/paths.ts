import type { AccountDocumentType, PartnerDocumentType } from '@fleetdesk/contracts';

/**
 * Route patterns of the customer communication screens (document 1 §2.3). The general pages use the plural
 * segments of the route table (privacy-policies, help-centers); the partner pages use the singular type.
 */
const generalBase = '/setting/general/customer-communication';
export const partnerBase = '/setting/partner/customer-communication';

export const accountDocumentSegments: Record<AccountDocumentType, string> = {
  terms: 'terms',
  'privacy-policy': 'privacy-policies',
  'help-center': 'help-centers',
};

export const documentPaths = {
  accountList: generalBase,
  account: (type: AccountDocumentType) => `${generalBase}/${accountDocumentSegments[type]}`,
  partnerList: partnerBase,
  partnerTypeList: (type: PartnerDocumentType) => `${partnerBase}/${type}/list`,
  partnerNew: (type: PartnerDocumentType) => `${partnerBase}/${type}/new`,
  partnerEdit: (type: PartnerDocumentType) => `${partnerBase}/${type}/partner/:partnerId/edit`,
};
