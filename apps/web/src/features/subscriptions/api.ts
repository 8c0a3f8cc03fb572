import {
  type BodyInputOf,
  type ExemptRefundInput,
  subscriptionEndpoints as e,
  type SubscriptionOrder,
  type SubscriptionOrderInput,
  type SubscriptionOrderUpdate,
  siteEndpoints,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, call, callFile } from '../../shared/http.ts';
import { saveBlob } from '../../shared/ui/csv.ts';
import { fetchAllPages } from '../../shared/ui/list-page.tsx';
import type { SubscriptionOrderListQuery } from './components/order-list.model.ts';
import type { SubscriptionTradeExportQuery, SubscriptionTradeQuery } from './components/trade-list.model.ts';
import type { SubscriptionArea } from './urls.ts';

type Page = { pageNo: number; pageSize: number };
type AssetSet = 'current' | 'next';

/** Query keys of the subscription order screens; mutations invalidate by prefix. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  lists: () => [...subscriptionKeys.all, 'list'] as const,
  list: (area: SubscriptionArea, query: SubscriptionOrderListQuery) =>
    [...subscriptionKeys.lists(), area, query] as const,
  detail: (id: string) => [...subscriptionKeys.all, 'detail', id] as const,
  /** Everything read under one order (assets, periods, trades): read again after any action on it. */
  ofOrder: (id: string) => [...subscriptionKeys.all, 'order', id] as const,
  assets: (id: string, set: AssetSet, page: Page) => [...subscriptionKeys.ofOrder(id), 'assets', set, page] as const,
  allAssets: (id: string, set: AssetSet) => [...subscriptionKeys.ofOrder(id), 'allAssets', set] as const,
  periods: (id: string, page: Page) => [...subscriptionKeys.ofOrder(id), 'periods', page] as const,
  trades: (id: string, query: SubscriptionTradeQuery) => [...subscriptionKeys.ofOrder(id), 'trades', query] as const,
  packages: (partnerId: string) => [...subscriptionKeys.all, 'packages', partnerId] as const,
  package: (id: string) => [...subscriptionKeys.all, 'package', id] as const,
  subscribable: (query: SubscribableQuery) => [...subscriptionKeys.all, 'subscribable', query] as const,
  sites: ['subscriptions', 'sites'] as const,
};

/** The refusals a dialog or a form shows beside its fields; failures of the network or the server still notify. */
export const shownInline = (error: ApiError) => error.status === 0 || error.status >= 500;

/** One page of one tab: the caller's partners' orders, or every partner's in the management area. */
export function useSubscriptionOrders(area: SubscriptionArea, query: SubscriptionOrderListQuery) {
  return useQuery({
    queryKey: subscriptionKeys.list(area, query),
    queryFn: ({ signal }) => call(area === 'management' ? e.managementOrders : e.orders, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One order with its current and next period; a 404 is the page's "The data do not exist!". */
export function useSubscriptionOrder(id: string) {
  return useQuery({
    queryKey: subscriptionKeys.detail(id),
    queryFn: ({ signal }) =>
      call(e.order, { params: { id } }, { signal, notify: (error) => error.status !== 404 }).then((r) => r.data),
    enabled: id !== '',
  });
}

export function useOrderAssets(id: string, set: AssetSet, page: Page) {
  return useQuery({
    queryKey: subscriptionKeys.assets(id, set, page),
    queryFn: ({ signal }) => call(e.orderAssets, { params: { id }, query: { ...page, set } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every asset of one set (at most the quota, SUBSCRIPTION_QUOTA_MAX): what the asset pickers start from. */
export function useAllOrderAssets(id: string | undefined, set: AssetSet, enabled = true) {
  return useQuery({
    queryKey: subscriptionKeys.allAssets(id ?? '', set),
    queryFn: ({ signal }) =>
      fetchAllPages((pageNo, pageSize) =>
        call(e.orderAssets, { params: { id: id ?? '' }, query: { pageNo, pageSize, set } }, { signal }),
      ),
    enabled: Boolean(id) && enabled,
  });
}

export function useOrderPeriods(id: string, page: Page) {
  return useQuery({
    queryKey: subscriptionKeys.periods(id, page),
    queryFn: ({ signal }) => call(e.periods, { params: { id }, query: page }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOrderTrades(id: string, query: SubscriptionTradeQuery, enabled = true) {
  return useQuery({
    queryKey: subscriptionKeys.trades(id, query),
    queryFn: ({ signal }) => call(e.trades, { params: { id }, query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The server's CSV of the order's trades under the list's filters, saved as a download. */
export async function exportTrades(id: string, query: SubscriptionTradeExportQuery): Promise<void> {
  const { blob, fileName } = await callFile(e.exportTrades, { params: { id }, query });
  saveBlob(fileName ?? 'subscription-trades.csv', blob);
}

/** The packages of one partner with their plans (a package belongs to one partner). */
export function usePartnerPackages(partnerId: string | undefined) {
  return useQuery({
    queryKey: subscriptionKeys.packages(partnerId ?? ''),
    queryFn: ({ signal }) =>
      fetchAllPages((pageNo, pageSize) =>
        call(e.packages, { query: { pageNo, pageSize, partnerIdIn: [partnerId ?? ''] } }, { signal }),
      ),
    enabled: Boolean(partnerId),
  });
}

/** One package with its plans (readable with order.read_detail too: the change-plan dialog needs it). */
export function useSubscriptionPackage(id: string | undefined, enabled = true) {
  return useQuery({
    queryKey: subscriptionKeys.package(id ?? ''),
    queryFn: ({ signal }) => call(e.package, { params: { id: id ?? '' } }, { signal }).then((r) => r.data),
    enabled: Boolean(id) && enabled,
  });
}

export type SubscribableQuery = {
  partnerId: string;
  categoryId: string;
  no?: string;
  orderId?: string;
  pageNo: number;
  pageSize: number;
};

/** One page of the assets a partner can subscribe (an order being edited counts its own as available). */
export function useSubscribableAssets(query: SubscribableQuery | null) {
  return useQuery({
    queryKey: subscriptionKeys.subscribable(query ?? ({} as SubscribableQuery)),
    queryFn: ({ signal }) => call(e.subscribableAssets, { query: query as SubscribableQuery }, { signal }),
    placeholderData: keepPreviousData,
    enabled: query !== null,
  });
}

/** Sites for the asset transfer site (those of the order's partner are offered). */
export function useSiteOptions() {
  return useQuery({
    queryKey: subscriptionKeys.sites,
    queryFn: ({ signal }) => call(siteEndpoints.all, {}, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
}

/** An action answers with the order as it now stands: it replaces the cached one, and what hangs off it is read again. */
function useStoreOrder() {
  const client = useQueryClient();
  return (order: SubscriptionOrder) => {
    client.setQueryData(subscriptionKeys.detail(order.id), order);
    void client.invalidateQueries({ queryKey: subscriptionKeys.ofOrder(order.id) });
    return client.invalidateQueries({ queryKey: subscriptionKeys.lists() });
  };
}

/** An action on one order whose refusals (4xx) the caller shows. */
function useOrderAction<B>(run: (body: B) => Promise<{ data: SubscriptionOrder }>) {
  const store = useStoreOrder();
  return useMutation({ mutationFn: (body: B) => run(body).then((r) => r.data), onSuccess: store });
}

const inline = { notify: shownInline };

export const useCreateOrder = () =>
  useOrderAction((body: SubscriptionOrderInput) => call(e.createOrder, { body }, inline));
export const useUpdateOrder = (id: string) =>
  useOrderAction((body: SubscriptionOrderUpdate) => call(e.updateOrder, { params: { id }, body }, inline));
export const useChangePlan = (id: string) =>
  useOrderAction((body: BodyInputOf<typeof e.changePlan>) => call(e.changePlan, { params: { id }, body }, inline));
export const useChangeAssets = (id: string) =>
  useOrderAction((assetNos: string[]) => call(e.changeAssets, { params: { id }, body: { assetNos } }, inline));
export const useExemptRefund = (id: string) =>
  useOrderAction((body: ExemptRefundInput) => call(e.exemptRefund, { params: { id }, body }, inline));
/** The confirm-only actions: a refusal is notified (the confirm closes and there is no field to show it on). */
export const useUnsubscribe = (id: string) => useOrderAction(() => call(e.unsubscribe, { params: { id } }));
export const usePayoff = (id: string) => useOrderAction(() => call(e.payoff, { params: { id } }));
export const useForceClose = (id: string) => useOrderAction(() => call(e.forceClose, { params: { id } }));

/**
 * Every package in scope, for the list's package filter. Reading packages is a permission of its own: without it the
 * filter offers nothing rather than notifying.
 */
export function usePackageOptions() {
  return useQuery({
    queryKey: [...subscriptionKeys.all, 'packageOptions'] as const,
    queryFn: ({ signal }) =>
      fetchAllPages((pageNo, pageSize) => call(e.packages, { query: { pageNo, pageSize } }, { signal, notify: false })),
    staleTime: 60_000,
    retry: false,
  });
}
