import {
  type OverviewItemKey,
  type OverviewItemState,
  type PartnerOverview,
  requiredToRent,
} from '@fleetdesk/contracts';
import { siteUrls } from '../../sites/urls.ts';
import { partnerOperationsUrls } from '../urls.ts';

/** Tag colours: green done, orange needs a look (unconfirmed, disabled, optional and missing), red blocks renting. */
export function itemColour(key: OverviewItemKey, state: OverviewItemState): 'green' | 'orange' | 'red' {
  if (state === 'complete' || state === 'enabled') return 'green';
  if (state === 'missing' && (requiredToRent as readonly string[]).includes(key)) return 'red';
  return 'orange';
}

/** The screen that fixes an item for this partner. */
export function fixLink(key: OverviewItemKey, entry: PartnerOverview): string {
  const partnerId = entry.partner.id;
  switch (key) {
    case 'operationSetting':
    case 'smsService':
      return '/setting/general/operations';
    case 'partnerOperations':
      return entry.items.partnerOperations === 'complete'
        ? partnerOperationsUrls.edit(partnerId)
        : partnerOperationsUrls.new(partnerId);
    case 'signUpConfig':
      // The sign-up card lives on the partner operations page, which must exist first.
      return entry.items.partnerOperations === 'complete'
        ? partnerOperationsUrls.edit(partnerId)
        : partnerOperationsUrls.new(partnerId);
    case 'paymentMethods':
      return '/setting/partner/payment-method/list';
    case 'sites':
      return siteUrls.list({ partnerId: [partnerId] });
    case 'terms':
    case 'privacyPolicy':
      return '/setting/partner/customer-communication';
  }
}
