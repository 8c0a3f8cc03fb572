import { leaseStatuses, orderSortKeys, orderStatuses } from '@fleetdesk/contracts';
import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { orderPaths } from './paths.ts';

/**
 * The order list's URL state: search, status, lease status, partner, category, rent sites, the start range (two ISO
 * instants), one customer's orders (the customer detail links here with `?customerId=`), paging and sort.
 */
export const orderList = defineList({
  filters: {
    search: urlParam.string(),
    status: urlParam.optionalOneOf(orderStatuses),
    leaseStatus: urlParam.optionalOneOf(leaseStatuses),
    partnerId: urlParam.string(),
    assetCategoryId: urlParam.string(),
    rentSiteIdIn: urlParam.list(),
    startFrom: urlParam.string(),
    startTo: urlParam.string(),
    customerId: urlParam.string(),
  },
  sortKeys: orderSortKeys,
  defaultSort: 'createdAt:desc',
});

export type OrderListUrlState = Partial<UrlStateOf<typeof orderList.shape>>;

export const orderDialogs = ['end', 'refund', 'assets', 'replaceAsset', 'invoices', 'return', 'confirmReturn'] as const;
export type OrderDialog = (typeof orderDialogs)[number];

/** The detail page's open dialog and the invoices modal's page, in the URL so a link (or a reload) opens them again. */
export const orderDetailScreen = {
  dialog: urlParam.optionalOneOf(orderDialogs),
  invoicePageNo: urlParam.integer(1, { min: 1 }),
  invoicePageSize: urlParam.integer(10, { min: 1, max: 100 }),
};

/**
 * The new-order flow's URL: a customer and an asset to start from (a link from elsewhere can fill them in), the
 * renting intent the order fulfils (kept through the flow and sent with the order), and, once the checkout has
 * started, the order it follows, so a reload keeps watching the payment progress.
 */
export const newOrderScreen = {
  customerId: urlParam.string(),
  assetNo: urlParam.string(),
  intentId: urlParam.string(),
  orderId: urlParam.string(),
};

/** Typed links to the order screens; a list link can carry filters, paging and sort. */
export const orderUrls = {
  list: (state: OrderListUrlState = {}) => {
    const search = writeUrlState(orderList.shape, new URLSearchParams(), state).toString();
    return `${orderPaths.list}${search ? `?${search}` : ''}`;
  },
  detail: (orderId: string, dialog?: OrderDialog) =>
    `${generatePath(orderPaths.detail, { orderId })}${dialog ? `?dialog=${dialog}` : ''}`,
  new: (start: { customerId?: string; assetNo?: string; intentId?: string } = {}) => {
    const search = writeUrlState(newOrderScreen, new URLSearchParams(), start).toString();
    return `${orderPaths.new}${search ? `?${search}` : ''}`;
  },
};
