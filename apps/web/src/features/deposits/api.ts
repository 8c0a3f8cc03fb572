import { depositEndpoints as e, type QueryInputOf, type RefundDepositBody } from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http.ts';
import { notifyUnlessRefusal, notifyUnlessRefusalOrField } from './components/deposit-refusal.model.ts';
import type { RefundApplicationQuery } from './components/refund-application.model.ts';

export type DepositTransactionListQuery = QueryInputOf<typeof e.transactions>;

/**
 * Query keys of the deposit calls. The customer detail (deposits, order summary, transactions) and the refund
 * application list read them; a refund or a review changes all of them, so they share one prefix.
 */
export const depositKeys = {
  all: ['deposits'] as const,
  customers: () => [...depositKeys.all, 'customer'] as const,
  customerDeposits: (customerId: string) => [...depositKeys.customers(), customerId, 'deposits'] as const,
  orderSummary: (customerId: string) => [...depositKeys.customers(), customerId, 'orderSummary'] as const,
  transactions: () => [...depositKeys.all, 'transactions'] as const,
  transactionList: (query: DepositTransactionListQuery) => [...depositKeys.transactions(), query] as const,
  applications: () => [...depositKeys.all, 'applications'] as const,
  applicationList: (query: RefundApplicationQuery) => [...depositKeys.applications(), query] as const,
};

export function useCustomerDeposits(customerId: string, enabled = true) {
  return useQuery({
    queryKey: depositKeys.customerDeposits(customerId),
    queryFn: ({ signal }) => call(e.customerDeposits, { params: { customerId } }, { signal }).then((r) => r.data),
    enabled,
  });
}

export function useCustomerOrderSummary(customerId: string, enabled = true) {
  return useQuery({
    queryKey: depositKeys.orderSummary(customerId),
    queryFn: ({ signal }) => call(e.customerOrderSummary, { params: { customerId } }, { signal }).then((r) => r.data),
    enabled,
  });
}

export function useDepositTransactions(query: DepositTransactionListQuery, enabled = true) {
  return useQuery({
    queryKey: depositKeys.transactionList(query),
    queryFn: ({ signal }) => call(e.transactions, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useRefundApplications(query: RefundApplicationQuery) {
  return useQuery({
    queryKey: depositKeys.applicationList(query),
    queryFn: ({ signal }) => call(e.applications, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Everything a refund or a review changes: deposits of every customer, transactions, applications. */
function useRefreshDeposits() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: depositKeys.customers() }),
      client.invalidateQueries({ queryKey: depositKeys.transactions() }),
      client.invalidateQueries({ queryKey: depositKeys.applications() }),
    ]);
}

/** Staff refund a customer's deposits directly; refusals and field errors are shown by the refund dialog. */
export function useRefundDeposit(customerId: string) {
  const refresh = useRefreshDeposits();
  return useMutation({
    mutationFn: (body: RefundDepositBody) =>
      call(e.refund, { params: { customerId }, body }, { notify: notifyUnlessRefusalOrField }).then((r) => r.data),
    // A refusal also means the deposits changed since they were read: read them again either way.
    onSettled: refresh,
  });
}

/** Approves waiting applications (each refunded); ApplicationNotWaiting and NotRefundable are shown by the dialog. */
export function useApproveApplications() {
  const refresh = useRefreshDeposits();
  return useMutation({
    mutationFn: (ids: string[]) =>
      call(e.approve, { body: { ids } }, { notify: notifyUnlessRefusal }).then((r) => r.data),
    // Applications approved before a refusal stay approved: the list is read again whatever the answer.
    onSettled: refresh,
  });
}

export function useCancelApplication() {
  const refresh = useRefreshDeposits();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      call(e.cancel, { params: { id }, body: { note } }, { notify: notifyUnlessRefusal }).then((r) => r.data),
    onSettled: refresh,
  });
}
