import {
  type QueryInputOf,
  type TaxGroupInput,
  type TaxGroupPatch,
  taxGroupEndpoints,
  taxGroupMembers,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, call, unlessFieldErrors } from '../../shared/http.ts';

export type TaxGroupListQuery = QueryInputOf<typeof taxGroupEndpoints.list>;

/** Query keys of the tax feature; mutations invalidate by prefix. */
export const taxGroupKeys = {
  all: ['taxGroups'] as const,
  lists: () => [...taxGroupKeys.all, 'list'] as const,
  list: (query: TaxGroupListQuery) => [...taxGroupKeys.lists(), query] as const,
  detail: (id: string) => [...taxGroupKeys.all, 'detail', id] as const,
};

export function fetchTaxGroupPage(query: TaxGroupListQuery, signal?: AbortSignal) {
  return call(taxGroupEndpoints.list, { query }, { signal });
}

export function useTaxGroupList(query: TaxGroupListQuery) {
  return useQuery({
    queryKey: taxGroupKeys.list(query),
    queryFn: ({ signal }) => fetchTaxGroupPage(query, signal),
    // Keep the current page on screen while the next one loads, so the table does not flash empty.
    placeholderData: keepPreviousData,
  });
}

export function useTaxGroup(id: string | undefined) {
  return useQuery({
    queryKey: taxGroupKeys.detail(id ?? ''),
    // A 404 is shown by the page ("The data do not exist!"), not as a notification.
    queryFn: ({ signal }) =>
      call(taxGroupEndpoints.get, { params: { id: id ?? '' } }, { signal, notify: (e) => e.status !== 404 }).then(
        (r) => r.data,
      ),
    enabled: Boolean(id),
  });
}

export function useCreateTaxGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxGroupInput) => call(taxGroupEndpoints.create, { body }, { notify: unlessFieldErrors }),
    onSuccess: () => client.invalidateQueries({ queryKey: taxGroupKeys.lists() }),
  });
}

/** Field changes and appended rates go through the same PATCH; the edit page stays open after a rate is added. */
export function useUpdateTaxGroup(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxGroupPatch) =>
      call(taxGroupEndpoints.update, { params: { id }, body }, { notify: unlessFieldErrors }),
    onSuccess: ({ data }) => {
      client.setQueryData(taxGroupKeys.detail(id), data);
      return client.invalidateQueries({ queryKey: taxGroupKeys.lists() });
    },
  });
}

/** A refusal because sites still use the group is explained in a dialog, not a notification. */
export function useDeleteTaxGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(taxGroupEndpoints.remove, { params: { id } }, { notify: (e) => e.code !== 'TaxGroupHasMembers' }),
    onSuccess: (_, id) => {
      // Removed, not refetched: the open edit page would otherwise flash "The data do not exist!".
      client.removeQueries({ queryKey: taxGroupKeys.detail(id) });
      return client.invalidateQueries({ queryKey: taxGroupKeys.lists() });
    },
  });
}

/** The sites that block a delete, read from a TaxGroupHasMembers error's data. */
export function blockingSites(error: ApiError): { id: string; name: string }[] {
  const parsed = taxGroupMembers.safeParse(error.data);
  return parsed.success ? parsed.data.sites : [];
}
