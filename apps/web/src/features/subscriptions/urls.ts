import {
  subscriptionAssetSets,
  subscriptionFeeTypes,
  subscriptionOrderSortKeys,
  subscriptionOrderTabs,
  subscriptionTradeStates,
} from '@fleetdesk/contracts';
import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { subscriptionPaths } from './paths.ts';

export type SubscriptionArea = keyof typeof subscriptionPaths;

/** Which area an address belongs to: the pages are shared, their links and list endpoint are the area's. */
export function areaOf(pathname: string): SubscriptionArea {
  return /^\/subscription\/management(\/|$)/.test(pathname) ? 'management' : 'order';
}

/** The order list's URL state: the tab (Subscribed, Finished), the filters, paging and sort. */
export const subscriptionOrderList = defineList({
  filters: {
    partnerIdIn: urlParam.list(),
    packageIdIn: urlParam.list(),
    no: urlParam.string(),
  },
  sortKeys: subscriptionOrderSortKeys,
  defaultSort: 'createdAt:desc',
});
export type SubscriptionOrderListUrlState = Partial<UrlStateOf<typeof subscriptionOrderList.shape>>;

/** The tab sits beside the filters: "Reset" keeps it, and a new tab starts again at page 1. */
export const subscriptionTabScreen = {
  tab: urlParam.oneOf(subscriptionOrderTabs, 'subscribed'),
  pageNo: urlParam.integer(1, { min: 1 }),
};

/** The trade list's filters (fee type and state, several of each) and paging; trades come newest period first. */
export const subscriptionTradeList = defineList({
  filters: {
    feeTypeIn: urlParam.list(),
    stateIn: urlParam.list(),
  },
  // The trade list has no sort of its own (newest period first); the key only satisfies the list state.
  sortKeys: ['createdAt'] as const,
  defaultSort: 'createdAt:desc',
});
export type SubscriptionTradeListUrlState = Partial<UrlStateOf<typeof subscriptionTradeList.shape>>;

export const subscriptionDialogs = ['changePlan', 'changeAssets', 'exemptRefund'] as const;
export type SubscriptionDialog = (typeof subscriptionDialogs)[number];

/** The detail's open dialog and the asset set shown, in the URL so a link or a reload shows them again. */
export const subscriptionDetailScreen = {
  dialog: urlParam.optionalOneOf(subscriptionDialogs),
  assetSet: urlParam.oneOf(subscriptionAssetSets, 'current'),
};

const withSearch = (path: string, search: URLSearchParams) => {
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

/** Typed links to one area's screens; edit and new are the management area's wherever they are opened from. */
export function subscriptionUrls(area: SubscriptionArea) {
  const paths = subscriptionPaths[area];
  return {
    list: (state: SubscriptionOrderListUrlState & { tab?: (typeof subscriptionOrderTabs)[number] } = {}) => {
      const { tab, ...list } = state;
      const search = writeUrlState(subscriptionOrderList.shape, new URLSearchParams(), list);
      return withSearch(paths.list, writeUrlState(subscriptionTabScreen, search, tab ? { tab } : {}));
    },
    detail: (subscriptionOrderId: string, dialog?: SubscriptionDialog) =>
      withSearch(
        generatePath(paths.detail, { subscriptionOrderId }),
        writeUrlState(subscriptionDetailScreen, new URLSearchParams(), dialog ? { dialog } : {}),
      ),
    trade: (subscriptionOrderId: string, filters: SubscriptionTradeListUrlState = {}) =>
      withSearch(
        generatePath(paths.trade, { subscriptionOrderId }),
        writeUrlState(subscriptionTradeList.shape, new URLSearchParams(), filters),
      ),
    new: () => subscriptionPaths.management.new,
    edit: (subscriptionOrderId: string) => generatePath(subscriptionPaths.management.edit, { subscriptionOrderId }),
  };
}

/** Fee types and states a hand-written URL may name (others are dropped before the trades are asked). */
export const knownFeeTypes: ReadonlySet<string> = new Set(subscriptionFeeTypes);
export const knownTradeStates: ReadonlySet<string> = new Set(subscriptionTradeStates);
