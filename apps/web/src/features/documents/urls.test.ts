import { describe, expect, it } from 'vitest';
import { accountTypeOfPath, documentUrls, partnerTypeOfPath } from './urls.ts';

describe('customer communication routes', () => {
  it('reads the account document type from the route table segments', () => {
    expect(accountTypeOfPath('/setting/general/customer-communication/terms')).toBe('terms');
    expect(accountTypeOfPath('/setting/general/customer-communication/privacy-policies')).toBe('privacy-policy');
    expect(accountTypeOfPath('/setting/general/customer-communication/help-centers/')).toBe('help-center');
    expect(accountTypeOfPath('/setting/general/customer-communication')).toBeUndefined();
  });

  it('reads the partner document type from list, new and edit paths', () => {
    expect(partnerTypeOfPath('/setting/partner/customer-communication/notice/list')).toBe('notice');
    expect(partnerTypeOfPath('/setting/partner/customer-communication/help-center/new')).toBe('help-center');
    expect(
      partnerTypeOfPath(`/setting/partner/customer-communication/privacy-policy/partner/${'a'.repeat(8)}/edit`),
    ).toBe('privacy-policy');
    expect(partnerTypeOfPath('/setting/partner/customer-communication')).toBeUndefined();
    expect(partnerTypeOfPath('/setting/partner/customer-communication/cookies/list')).toBeUndefined();
  });

  it('builds links that the type readers understand', () => {
    expect(documentUrls.account('help-center')).toBe('/setting/general/customer-communication/help-centers');
    const edit = documentUrls.partnerEdit('terms', '7f1c');
    expect(edit).toBe('/setting/partner/customer-communication/terms/partner/7f1c/edit');
    expect(partnerTypeOfPath(edit)).toBe('terms');
    expect(documentUrls.partnerList({ type: 'notice', pageNo: 2 })).toContain('type=notice');
  });
});
