import { describe, expect, it } from 'vitest';
import { resolveLegacyRedirect } from './legacy-redirects.ts';

describe('legacy redirects (document 1 §2.4)', () => {
  it.each([
    ['/customer/user', '/customer/list'],
    ['/customer/user/detail/c-42', '/customer/detail/c-42'],
    ['/customer/user/detail/c-42/transactions', '/customer/detail/c-42/transactions'],
    ['/order/list', '/renting/order/list'],
    ['/order/detail/o-7', '/renting/order/detail/o-7'],
    ['/personnel/staff', '/team/user/list'],
    ['/personnel/staff/new', '/team/user/new'],
    ['/personnel/staff/edit', '/team/user/edit'],
    ['/personnel/role', '/team/role/list'],
    ['/personnel/role/new', '/team/role/new'],
    ['/personnel/role/r-1/edit', '/team/role/r-1/edit'],
    ['/setting/general/user-communication', '/setting/general/customer-communication'],
    ['/setting/general/user-communication/terms', '/setting/general/customer-communication/terms'],
    [
      '/setting/general/user-communication/privacy-policies',
      '/setting/general/customer-communication/privacy-policies',
    ],
    ['/setting/general/user-communication/help-centers', '/setting/general/customer-communication/help-centers'],
    ['/setting/general/user-communication/notice', '/setting/partner/customer-communication/notice/list'],
    ['/setting/partner/user-communication', '/setting/partner/customer-communication'],
    ['/setting/partner/user-communication/terms/list', '/setting/partner/customer-communication/terms/list'],
    [
      '/setting/partner/user-communication/privacy-policy/partner/p-1/edit',
      '/setting/partner/customer-communication/privacy-policy/partner/p-1/edit',
    ],
    ['/setting/partner/user-communication/help-center/new', '/setting/partner/customer-communication/help-center/new'],
    ['/setting/partner/user-communication/notice', '/setting/partner/customer-communication/notice/list'],
  ])('sends %s to %s', (from, to) => {
    expect(resolveLegacyRedirect(from)).toBe(to);
  });

  it('keeps the query string', () => {
    expect(resolveLegacyRedirect('/personnel/staff/edit', '?id=u-1&tab=roles')).toBe(
      '/team/user/edit?id=u-1&tab=roles',
    );
    expect(resolveLegacyRedirect('/order/detail/o-7', '?tab=invoices')).toBe('/renting/order/detail/o-7?tab=invoices');
  });

  it('ignores paths that are not legacy ones', () => {
    expect(resolveLegacyRedirect('/team/user/list')).toBeNull();
    expect(resolveLegacyRedirect('/customer/user/unknown/thing')).toBeNull();
  });
});
