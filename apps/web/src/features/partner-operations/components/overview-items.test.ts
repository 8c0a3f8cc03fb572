import type { PartnerOverview } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { fixLink, itemColour } from './overview-items.ts';

const entry = (partnerOperations: 'complete' | 'missing'): PartnerOverview => ({
  partner: { id: '7d1c7a44-2f0e-4a57-9c1b-3f4a2b6c8d90', name: 'Roma Rides' },
  items: {
    operationSetting: 'unconfirmed',
    smsService: 'missing',
    partnerOperations,
    signUpConfig: 'disabled',
    paymentMethods: 'missing',
    sites: 'missing',
    terms: 'complete',
    privacyPolicy: 'missing',
  },
  missing: ['operationSetting', 'paymentMethods', 'sites', 'privacyPolicy'],
  isComplete: false,
});

describe('overview items', () => {
  it('colours done items green, required missing ones red and the rest orange', () => {
    expect(itemColour('terms', 'complete')).toBe('green');
    expect(itemColour('signUpConfig', 'enabled')).toBe('green');
    expect(itemColour('sites', 'missing')).toBe('red');
    expect(itemColour('operationSetting', 'unconfirmed')).toBe('orange');
    expect(itemColour('smsService', 'missing')).toBe('orange');
    expect(itemColour('signUpConfig', 'missing')).toBe('orange');
  });

  it('links each item to the screen that fixes it for this partner', () => {
    const partnerId = entry('missing').partner.id;
    expect(fixLink('operationSetting', entry('missing'))).toBe('/setting/general/operations');
    expect(fixLink('partnerOperations', entry('missing'))).toBe(
      `/setting/partner/operations/new?partnerId=${partnerId}`,
    );
    expect(fixLink('partnerOperations', entry('complete'))).toBe(
      `/setting/partner/operations/partner/${partnerId}/edit`,
    );
    expect(fixLink('paymentMethods', entry('missing'))).toBe('/setting/partner/payment-method/list');
    expect(fixLink('sites', entry('missing'))).toBe(`/setting/partner/site/list?partnerId=${partnerId}`);
    expect(fixLink('privacyPolicy', entry('missing'))).toBe('/setting/partner/customer-communication');
  });
});
