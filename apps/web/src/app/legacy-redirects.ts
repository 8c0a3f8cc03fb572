import { generatePath, matchPath } from 'react-router';

/**
 * The older route set (document 1 §2.4) and where each path lives now. Parameters and a trailing `*` carry
 * over by name; the query string is appended by the caller.
 */
export const legacyRedirects: readonly { from: string; to: string }[] = [
  { from: '/customer/user', to: '/customer/list' },
  { from: '/customer/user/detail/:customerId', to: '/customer/detail/:customerId' },
  { from: '/customer/user/detail/:customerId/transactions', to: '/customer/detail/:customerId/transactions' },
  { from: '/order/list', to: '/renting/order/list' },
  { from: '/order/detail/:orderId', to: '/renting/order/detail/:orderId' },
  { from: '/personnel/staff', to: '/team/user/list' },
  { from: '/personnel/staff/new', to: '/team/user/new' },
  { from: '/personnel/staff/edit', to: '/team/user/edit' },
  { from: '/personnel/role', to: '/team/role/list' },
  { from: '/personnel/role/new', to: '/team/role/new' },
  { from: '/personnel/role/:id/edit', to: '/team/role/:id/edit' },
  // User communication became customer communication: list, terms, privacy policies, help centers, notice.
  // Notices exist per partner only: the old general and bare partner notice paths open the partner notice list.
  { from: '/setting/general/user-communication/notice', to: '/setting/partner/customer-communication/notice/list' },
  { from: '/setting/partner/user-communication/notice', to: '/setting/partner/customer-communication/notice/list' },
  { from: '/setting/general/user-communication', to: '/setting/general/customer-communication' },
  { from: '/setting/general/user-communication/*', to: '/setting/general/customer-communication/*' },
  { from: '/setting/partner/user-communication', to: '/setting/partner/customer-communication' },
  { from: '/setting/partner/user-communication/*', to: '/setting/partner/customer-communication/*' },
];

/** Where a legacy path goes now, with its search string kept; null when the path is not a legacy one. */
export function resolveLegacyRedirect(pathname: string, search = ''): string | null {
  for (const { from, to } of legacyRedirects) {
    const match = matchPath({ path: from, end: true }, pathname);
    if (!match) continue;
    const target = generatePath(to, match.params);
    return `${target}${search}`;
  }
  return null;
}
