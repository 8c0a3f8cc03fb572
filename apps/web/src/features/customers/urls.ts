import { customerSortKeys, customerStatuses, depositTransaction, idVerificationStatuses } from '@fleetdesk/contracts';
import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { customerPaths } from './paths.ts';

/**
 * The renting order list (document 1 §2.3), linked to with `?customerId=` to show one customer's orders. Written out
 * here because the orders feature was being built at the same time as this link.
 */
const ORDER_LIST_PATH = '/renting/order/list';

/** The customer list's URL state: search, partner, status, ID verification, card bound, created range, paging, sort. */
export const customerList = defineList({
  filters: {
    search: urlParam.string(),
    partnerId: urlParam.string(),
    status: urlParam.optionalOneOf(customerStatuses),
    idVerificationStatus: urlParam.optionalOneOf(idVerificationStatuses),
    paymentMethodBound: urlParam.optionalOneOf(['true', 'false'] as const),
    /** Two ISO instants: the created-at range. */
    created: urlParam.list(),
  },
  sortKeys: customerSortKeys,
  defaultSort: 'createdAt:desc',
});

export type CustomerListUrlState = Partial<UrlStateOf<typeof customerList.shape>>;

/** The list's drawer ("New customer"), in the URL so a reload keeps it open. */
export const customerListScreen = { panel: urlParam.optionalOneOf(['create'] as const) };

/** One customer's deposit transactions: partner, category and status filters, paging (page 1, size 10). */
export const customerTransactionList = defineList({
  filters: {
    partnerId: urlParam.string(),
    assetCategoryId: urlParam.string(),
    status: urlParam.optionalOneOf(depositTransaction.shape.status.options),
  },
  // The server lists transactions newest first and offers no other order.
  sortKeys: ['createdAt'] as const,
});

export type CustomerTransactionListUrlState = Partial<UrlStateOf<typeof customerTransactionList.shape>>;

export const customerDetailTabs = ['profile', 'deposits', 'fieldLog'] as const;
export const customerDialogs = ['edit', 'referrer', 'review', 'addPartner', 'addCard', 'verifyEmail'] as const;
export type CustomerDialog = (typeof customerDialogs)[number];

/** The detail page's tab and open dialog. */
export const customerDetailScreen = {
  tab: urlParam.oneOf(customerDetailTabs, 'profile'),
  dialog: urlParam.optionalOneOf(customerDialogs),
};

/** Typed links to the customer screens; a list link can carry filters, paging and sort. */
export const customerUrls = {
  list: (state: CustomerListUrlState = {}) => {
    const search = writeUrlState(customerList.shape, new URLSearchParams(), state).toString();
    return `${customerPaths.list}${search ? `?${search}` : ''}`;
  },
  detail: (customerId: string, dialog?: CustomerDialog) =>
    `${generatePath(customerPaths.detail, { customerId })}${dialog ? `?dialog=${dialog}` : ''}`,
  /** The detail opened on one tab (the deposits tab links back from the transactions page). */
  detailTab: (customerId: string, tab: (typeof customerDetailTabs)[number]) =>
    `${generatePath(customerPaths.detail, { customerId })}?tab=${tab}`,
  transactions: (customerId: string, state: CustomerTransactionListUrlState = {}) => {
    const search = writeUrlState(customerTransactionList.shape, new URLSearchParams(), state).toString();
    return `${generatePath(customerPaths.transactions, { customerId })}${search ? `?${search}` : ''}`;
  },
  orders: (customerId: string) => `${ORDER_LIST_PATH}?${new URLSearchParams({ customerId })}`,
};
