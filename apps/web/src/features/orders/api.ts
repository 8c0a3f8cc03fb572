import {
  type BodyInputOf,
  customerEndpoints,
  type EndOrderRequest,
  rentingEndpoints as e,
  type Order,
  type RefundOrExemptBody,
  type ReplaceAssetBody,
  type ReturnLeaseBody,
  rentingConfigEndpoints,
  siteEndpoints,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, call, callFile, isApiError } from '../../shared/http.ts';
import { saveBlob } from '../../shared/ui/csv.ts';
import { customerKeys } from '../customers/api.ts';
import { depositKeys } from '../deposits/api.ts';
import { CHECKOUT_POLL_MS, isSettling } from './components/checkout.model.ts';
import type { OrderExportQuery, OrderListQuery } from './components/order-list.model.ts';
import { staleOrderRefusals } from './components/order-return.model.ts';

/** Query keys of the orders feature; mutations invalidate by prefix. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (query: OrderListQuery) => [...orderKeys.lists(), query] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
  fieldLogs: (id: string) => [...orderKeys.all, 'fieldLogs', id] as const,
  fieldLogPage: (id: string, pageNo: number, pageSize: number) =>
    [...orderKeys.fieldLogs(id), pageNo, pageSize] as const,
  assetRecords: (id: string) => [...orderKeys.all, 'assetRecords', id] as const,
  invoices: (id: string) => [...orderKeys.all, 'invoices', id] as const,
  invoicePage: (id: string, pageNo: number, pageSize: number) => [...orderKeys.invoices(id), pageNo, pageSize] as const,
  sites: ['orders', 'sites'] as const,
};

/** Refusals a dialog or a step shows beside its fields; failures of the network or the server still notify. */
export const shownInline = (error: ApiError) => error.status === 0 || error.status >= 500;

export function useOrderList(query: OrderListQuery) {
  return useQuery({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => call(e.listOrders, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The server's CSV of every order the filters match (at most ORDER_EXPORT_MAX), saved as a download. */
export async function exportOrders(query: OrderExportQuery): Promise<void> {
  const { blob, fileName } = await callFile(e.exportOrders, { query });
  saveBlob(fileName ?? 'orders.csv', blob);
}

/**
 * One order. While its checkout runs (or its undone charges wait for their refunds) it is read again about every
 * second, so the steps move on screen as the payments and the device answer.
 */
export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    // A 404 is shown by the page ("The data do not exist!"), not as a notification.
    queryFn: ({ signal }) =>
      call(e.getOrder, { params: { id } }, { signal, notify: (error) => error.status !== 404 }).then((r) => r.data),
    refetchInterval: (query) => (query.state.data && isSettling(query.state.data) ? CHECKOUT_POLL_MS : false),
    enabled: id !== '',
  });
}

export function useOrderFieldLogs(id: string, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: orderKeys.fieldLogPage(id, pageNo, pageSize),
    queryFn: ({ signal }) => call(e.orderFieldLogs, { params: { id }, query: { pageNo, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The order's leases, read when the assets history opens. */
export function useOrderAssetRecords(id: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.assetRecords(id),
    queryFn: ({ signal }) => call(e.orderAssetRecords, { params: { id } }, { signal }).then((r) => r.data),
    enabled,
  });
}

/** One page of the order's invoices (newest first), read while the invoices modal is open. */
export function useOrderInvoices(id: string, page: { pageNo: number; pageSize: number }, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.invoicePage(id, page.pageNo, page.pageSize),
    queryFn: ({ signal }) => call(rentingConfigEndpoints.orderInvoices, { params: { id }, query: page }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * Sites for the rent-site filter and the new order's rent site. A user who may read orders but not sites gets an
 * empty choice, not a notification.
 */
export function useOrderSiteOptions() {
  return useQuery({
    queryKey: orderKeys.sites,
    queryFn: ({ signal }) => call(siteEndpoints.all, {}, { signal, notify: false }).then((r) => r.data),
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * The customer of a new order with their payment methods, under the customers feature's key (one cache for both);
 * nothing is asked before a customer is chosen.
 */
export function useOrderCustomer(id: string | undefined, options: { notify?: boolean } = {}) {
  return useQuery({
    queryKey: customerKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      call(customerEndpoints.get, { params: { id: id ?? '' } }, { signal, notify: options.notify }).then((r) => r.data),
    enabled: Boolean(id),
  });
}

/** After a change the answer is the order itself; the lists and its field log are read again. */
function useStoreOrder() {
  const client = useQueryClient();
  return (order: Order) => {
    client.setQueryData(orderKeys.detail(order.id), order);
    void client.invalidateQueries({ queryKey: orderKeys.fieldLogs(order.id) });
    void client.invalidateQueries({ queryKey: orderKeys.assetRecords(order.id) });
    return client.invalidateQueries({ queryKey: orderKeys.lists() });
  };
}

export function useEndOrder(id: string) {
  const store = useStoreOrder();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndOrderRequest) =>
      call(e.endOrder, { params: { id }, body }, { notify: shownInline }).then((r) => r.data),
    // Ending may free or refund a deposit: the customer's deposits and transactions change with it.
    onSuccess: (order: Order) => {
      void client.invalidateQueries({ queryKey: depositKeys.all });
      return store(order);
    },
  });
}

export function useRefundOrExempt(id: string) {
  const store = useStoreOrder();
  return useMutation({
    mutationFn: (body: RefundOrExemptBody) =>
      call(e.refundOrExempt, { params: { id }, body }, { notify: shownInline }).then((r) => r.data),
    onSuccess: store,
  });
}

/** A refusal saying the order changed meanwhile reads it again, so the page shows what it has become. */
function useReloadWhenStale(id: string) {
  const client = useQueryClient();
  return (error: unknown) => {
    if (isApiError(error) && staleOrderRefusals.has(error.code))
      void client.invalidateQueries({ queryKey: orderKeys.detail(id) });
  };
}

/**
 * Takes the return at the counter: the device is told to lock and the order closes, or, under the partner's
 * manual confirmation, the lease waits as Returning. Refusals are shown by the dialog.
 */
export function useReturnLease(id: string) {
  const store = useStoreOrder();
  const reloadWhenStale = useReloadWhenStale(id);
  return useMutation({
    mutationFn: (body: ReturnLeaseBody) =>
      call(e.returnLease, { params: { id }, body }, { notify: shownInline }).then((r) => r.data),
    onSuccess: store,
    onError: reloadWhenStale,
  });
}

/** Confirms a return waiting as Returning: the lease is returned and the order closes. */
export function useConfirmReturn(id: string) {
  const store = useStoreOrder();
  const reloadWhenStale = useReloadWhenStale(id);
  return useMutation({
    mutationFn: (reason: string | undefined) =>
      call(e.confirmReturn, { params: { id }, body: reason ? { reason } : {} }, { notify: shownInline }).then(
        (r) => r.data,
      ),
    onSuccess: store,
    onError: reloadWhenStale,
  });
}

/**
 * Moves the order's lease from `assetNo` to another asset. A refusal is shown in the drawer; when the order itself
 * changed meanwhile (ReplacementNotApplicable) it is read again, so the page shows what it has become.
 */
export function useReplaceAsset(id: string) {
  const store = useStoreOrder();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ assetNo, body }: { assetNo: string; body: ReplaceAssetBody }) =>
      call(e.replaceAsset, { params: { id, assetNo }, body }, { notify: shownInline }).then((r) => r.data),
    onSuccess: store,
    onError: (error) => {
      if (isApiError(error) && error.code === 'ReplacementNotApplicable')
        void client.invalidateQueries({ queryKey: orderKeys.detail(id) });
    },
  });
}

/** Step 2 of a new order: whether the asset can be rented to the customer, and the offer when it can. */
export function useInspectAsset() {
  return useMutation({
    mutationFn: ({ assetNo, customerId }: { assetNo: string; customerId: string }) =>
      call(e.inspect, { params: { assetNo }, body: { customerId } }, { notify: shownInline }).then((r) => r.data),
  });
}

/** Opens the order and starts its checkout; refusals (4xx) are shown by the checkout step itself. */
export function useCreateOrder() {
  const store = useStoreOrder();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof e.createOrder>) =>
      call(e.createOrder, { body }, { notify: shownInline }).then((r) => r.data),
    onSuccess: store,
  });
}
