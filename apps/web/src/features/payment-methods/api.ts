import {
  type PaymentMethodInput,
  type PaymentMethodUpdate,
  paymentMethodEndpoints,
  type QueryInputOf,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, unlessFieldErrors } from '../../shared/http.ts';

export type PaymentMethodListQuery = QueryInputOf<typeof paymentMethodEndpoints.list>;

/** Query keys of the payment methods feature; mutations invalidate by prefix. */
export const paymentMethodKeys = {
  all: ['paymentMethods'] as const,
  lists: () => [...paymentMethodKeys.all, 'list'] as const,
  list: (query: PaymentMethodListQuery) => [...paymentMethodKeys.lists(), query] as const,
  detail: (partnerId: string, id: string) => [...paymentMethodKeys.all, 'detail', partnerId, id] as const,
};

export function usePaymentMethodList(query: PaymentMethodListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: paymentMethodKeys.list(query),
    queryFn: ({ signal }) => call(paymentMethodEndpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function usePaymentMethod(partnerId: string, id: string) {
  return useQuery({
    queryKey: paymentMethodKeys.detail(partnerId, id),
    // A 404 is shown by the page ("The data do not exist!"), not as a notification.
    queryFn: ({ signal }) =>
      call(paymentMethodEndpoints.get, { params: { partnerId, id } }, { signal, notify: (e) => e.status !== 404 }).then(
        (r) => r.data,
      ),
    enabled: Boolean(partnerId && id),
  });
}

export function useCreatePaymentMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ partnerId, body }: { partnerId: string; body: PaymentMethodInput }) =>
      call(paymentMethodEndpoints.create, { params: { partnerId }, body }, { notify: unlessFieldErrors }),
    onSuccess: () => client.invalidateQueries({ queryKey: paymentMethodKeys.lists() }),
  });
}

export function useUpdatePaymentMethod(partnerId: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentMethodUpdate) =>
      call(paymentMethodEndpoints.update, { params: { partnerId, id }, body }, { notify: unlessFieldErrors }),
    onSuccess: ({ data }) => {
      client.setQueryData(paymentMethodKeys.detail(partnerId, id), data);
      return client.invalidateQueries({ queryKey: paymentMethodKeys.lists() });
    },
  });
}

export function useDeletePaymentMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ partnerId, id }: { partnerId: string; id: string }) =>
      call(paymentMethodEndpoints.remove, { params: { partnerId, id } }),
    onSuccess: (_, { partnerId, id }) => {
      client.removeQueries({ queryKey: paymentMethodKeys.detail(partnerId, id) });
      return client.invalidateQueries({ queryKey: paymentMethodKeys.lists() });
    },
  });
}
