import {
  partnerOperationsEndpoints,
  type QueryInputOf,
  type SubscriptionPackageInput,
  subscriptionEndpoints,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { asFieldRefusal, call, formNotify, unlessStatus } from '../../shared/http.ts';
import { requirementOf, useCan } from '../../shared/permissions.ts';

export type PackageListQuery = QueryInputOf<typeof subscriptionEndpoints.packages>;

/** Query keys of the packages feature; mutations invalidate by prefix. */
export const packageKeys = {
  all: ['subscription-packages'] as const,
  lists: () => [...packageKeys.all, 'list'] as const,
  list: (query: PackageListQuery) => [...packageKeys.lists(), query] as const,
  detail: (id: string) => [...packageKeys.all, 'detail', id] as const,
  currency: (partnerId: string) => [...packageKeys.all, 'currency', partnerId] as const,
};

/** The list's URL state as the query: empty filters left out (document 1 §7.9). */
export function packageListQuery(state: {
  pageNo: number;
  pageSize: number;
  sort: string;
  partnerId: string[];
  categoryId: string[];
  name: string | undefined;
}): PackageListQuery {
  return {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    sort: state.sort,
    ...(state.partnerId.length ? { partnerIdIn: state.partnerId } : {}),
    ...(state.categoryId.length ? { categoryIdIn: state.categoryId } : {}),
    ...(state.name?.trim() ? { name: state.name.trim() } : {}),
  };
}

export function fetchPackagePage(query: PackageListQuery, signal?: AbortSignal) {
  return call(subscriptionEndpoints.packages, { query }, { signal });
}

export function usePackageList(query: PackageListQuery) {
  return useQuery({
    queryKey: packageKeys.list(query),
    queryFn: ({ signal }) => fetchPackagePage(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePackage(id: string) {
  return useQuery({
    queryKey: packageKeys.detail(id),
    queryFn: ({ signal }) =>
      call(subscriptionEndpoints.package, { params: { id } }, { signal, notify: unlessStatus(404) }).then(
        (r) => r.data,
      ),
    enabled: Boolean(id),
  });
}

/**
 * The partner's operation currency, for the fee fields; undefined when the partner has none yet or the user may
 * not read partner operations (the amounts are then shown without it, nothing is notified).
 */
export function usePartnerCurrency(partnerId: string | undefined): string | undefined {
  const canRead = useCan(requirementOf(partnerOperationsEndpoints.get));
  const query = useQuery({
    queryKey: packageKeys.currency(partnerId ?? ''),
    queryFn: ({ signal }) =>
      call(partnerOperationsEndpoints.get, { params: { partnerId: partnerId ?? '' } }, { signal, notify: false }).then(
        (r) => r.data.currency,
      ),
    enabled: Boolean(partnerId) && canRead,
    staleTime: 60_000,
    retry: false,
  });
  return query.data;
}

/** Refusals the form shows on a field: the taken name on the name, a removed plan still in use under the plans. */
const fieldOfCode = { PackageNameAlreadyExists: 'name', PlanInUse: 'plans' };

/** Creates a package (no id) or saves an edit; refusals about a field come back as a ValidationError for the form. */
export function useSavePackage(id?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscriptionPackageInput) =>
      (id
        ? call(subscriptionEndpoints.updatePackage, { params: { id }, body }, formNotify(fieldOfCode))
        : call(subscriptionEndpoints.createPackage, { body }, formNotify(fieldOfCode))
      )
        .then((r) => r.data)
        .catch((error: unknown) => Promise.reject(asFieldRefusal(error, fieldOfCode))),
    onSuccess: (saved) => {
      client.setQueryData(packageKeys.detail(saved.id), saved);
      return client.invalidateQueries({ queryKey: packageKeys.lists() });
    },
  });
}

/** Deleting a package an order uses is refused (409 PackageInUse): the button explains it in a dialog. */
export function useDeletePackage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(subscriptionEndpoints.deletePackage, { params: { id } }, { notify: (e) => e.code !== 'PackageInUse' }),
    onSuccess: (_result, id) => {
      client.removeQueries({ queryKey: packageKeys.detail(id) });
      return client.invalidateQueries({ queryKey: packageKeys.lists() });
    },
  });
}
