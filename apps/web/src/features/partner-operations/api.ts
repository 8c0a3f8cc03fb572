import {
  type PartnerOperationsCreateInput,
  type PartnerOperationsInput,
  partnerOperationsEndpoints,
  partnerOverviewEndpoints,
  type QueryInputOf,
  type SignUpConfigInput,
  signUpConfigEndpoints,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, call, unlessFieldErrors } from '../../shared/http.ts';
import { fetchAllPages } from '../../shared/ui/list-page.tsx';

export type PartnerOperationsListQuery = QueryInputOf<typeof partnerOperationsEndpoints.list>;
export type PartnerOverviewQuery = QueryInputOf<typeof partnerOverviewEndpoints.list>;

/** Query keys of the feature; every change refreshes the overview too, since it reports these settings. */
export const partnerOperationsKeys = {
  all: ['partnerOperations'] as const,
  lists: () => [...partnerOperationsKeys.all, 'list'] as const,
  list: (query: PartnerOperationsListQuery) => [...partnerOperationsKeys.lists(), query] as const,
  configuredPartners: () => [...partnerOperationsKeys.all, 'configured-partners'] as const,
  detail: (partnerId: string) => [...partnerOperationsKeys.all, 'detail', partnerId] as const,
  signUp: (partnerId: string) => [...partnerOperationsKeys.all, 'sign-up', partnerId] as const,
  overview: (query: PartnerOverviewQuery) => [...partnerOperationsKeys.all, 'overview', query] as const,
};

/** A record that does not exist yet is a state of the page ("create it"), not a failure to notify. */
const unlessNotFound = (error: ApiError) => error.status !== 404;

export function usePartnerOperationsList(query: PartnerOperationsListQuery) {
  return useQuery({
    queryKey: partnerOperationsKeys.list(query),
    queryFn: ({ signal }) => call(partnerOperationsEndpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The ids of the partners that already have operations (the new form offers only the others). */
export function useConfiguredPartnerIds() {
  return useQuery({
    queryKey: partnerOperationsKeys.configuredPartners(),
    queryFn: ({ signal }) =>
      fetchAllPages((pageNo, pageSize) =>
        call(partnerOperationsEndpoints.list, { query: { pageNo, pageSize } }, { signal }),
      ).then((rows) => new Set(rows.map((row) => row.partner.id))),
  });
}

export function usePartnerOperations(partnerId: string) {
  return useQuery({
    queryKey: partnerOperationsKeys.detail(partnerId),
    queryFn: ({ signal }) =>
      call(partnerOperationsEndpoints.get, { params: { partnerId } }, { signal, notify: unlessNotFound }).then(
        (r) => r.data,
      ),
    enabled: Boolean(partnerId),
  });
}

export function usePartnerOverview(query: PartnerOverviewQuery) {
  return useQuery({
    queryKey: partnerOperationsKeys.overview(query),
    queryFn: ({ signal }) => call(partnerOverviewEndpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateAll() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: partnerOperationsKeys.all });
}

export function useCreatePartnerOperations() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: PartnerOperationsCreateInput) =>
      call(partnerOperationsEndpoints.create, { body }, { notify: unlessFieldErrors }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useUpdatePartnerOperations(partnerId: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: PartnerOperationsInput) =>
      call(partnerOperationsEndpoints.update, { params: { partnerId }, body }, { notify: unlessFieldErrors }).then(
        (r) => r.data,
      ),
    onSuccess: (data) => {
      client.setQueryData(partnerOperationsKeys.detail(partnerId), data);
      return invalidate();
    },
  });
}

export function useDeletePartnerOperations() {
  const client = useQueryClient();
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (partnerId: string) => call(partnerOperationsEndpoints.remove, { params: { partnerId } }),
    onSuccess: (_, partnerId) => {
      // Removed, not refetched: an open edit page would otherwise flash "The data do not exist!".
      client.removeQueries({ queryKey: partnerOperationsKeys.detail(partnerId) });
      return invalidate();
    },
  });
}

export function useSignUpConfig(partnerId: string) {
  return useQuery({
    queryKey: partnerOperationsKeys.signUp(partnerId),
    queryFn: ({ signal }) =>
      call(signUpConfigEndpoints.get, { params: { partnerId } }, { signal, notify: unlessNotFound }).then(
        (r) => r.data,
      ),
    enabled: Boolean(partnerId),
  });
}

export function useCreateSignUpConfig(partnerId: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: () => call(signUpConfigEndpoints.create, { body: { partnerId } }).then((r) => r.data),
    onSuccess: (data) => {
      client.setQueryData(partnerOperationsKeys.signUp(partnerId), data);
      return invalidate();
    },
  });
}

/** PartnerNotOpenToJoin is explained on the card, not as a notification. */
export function useUpdateSignUpConfig(partnerId: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: SignUpConfigInput) =>
      call(
        signUpConfigEndpoints.update,
        { params: { partnerId }, body },
        { notify: (e) => e.code !== 'PartnerNotOpenToJoin' && unlessFieldErrors(e) },
      ).then((r) => r.data),
    onSuccess: (data) => {
      client.setQueryData(partnerOperationsKeys.signUp(partnerId), data);
      return invalidate();
    },
  });
}
