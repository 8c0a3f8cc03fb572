import {
  type PartnerInput,
  type PartnerReferences,
  partnerEndpoints,
  partnerReferences,
  type QueryInputOf,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, call, unlessFieldErrors } from '../../shared/http.ts';
import { referenceQueries } from '../../shared/reference-data.ts';

export type PartnerListQuery = QueryInputOf<typeof partnerEndpoints.list>;

/** Query keys of the partners feature; mutations invalidate by prefix. */
export const partnerKeys = {
  all: ['partners'] as const,
  lists: () => [...partnerKeys.all, 'list'] as const,
  list: (query: PartnerListQuery) => [...partnerKeys.lists(), query] as const,
  detail: (id: string) => [...partnerKeys.all, 'detail', id] as const,
};

export function fetchPartnerPage(query: PartnerListQuery, signal?: AbortSignal) {
  return call(partnerEndpoints.list, { query }, { signal });
}

export function usePartnerList(query: PartnerListQuery) {
  return useQuery({
    queryKey: partnerKeys.list(query),
    queryFn: ({ signal }) => fetchPartnerPage(query, signal),
    // Keep the current page on screen while the next one loads, so the table does not flash empty.
    placeholderData: keepPreviousData,
  });
}

export function usePartner(id: string | undefined) {
  return useQuery({
    queryKey: partnerKeys.detail(id ?? ''),
    // A 404 is shown by the page ("The data do not exist!"), not as a notification.
    queryFn: ({ signal }) =>
      call(partnerEndpoints.get, { params: { id: id ?? '' } }, { signal, notify: (e) => e.status !== 404 }).then(
        (r) => r.data,
      ),
    enabled: Boolean(id),
  });
}

/** Lists and the partner reference data change with every write. */
function useInvalidatePartnerLists() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: partnerKeys.lists() }),
      client.invalidateQueries({ queryKey: referenceQueries.partners.queryKey }),
    ]);
}

export function useCreatePartner() {
  const invalidate = useInvalidatePartnerLists();
  return useMutation({
    mutationFn: (body: PartnerInput) => call(partnerEndpoints.create, { body }, { notify: unlessFieldErrors }),
    onSuccess: invalidate,
  });
}

export function useUpdatePartner(id: string) {
  const client = useQueryClient();
  const invalidate = useInvalidatePartnerLists();
  return useMutation({
    mutationFn: (body: PartnerInput) =>
      call(partnerEndpoints.update, { params: { id }, body }, { notify: unlessFieldErrors }),
    onSuccess: ({ data }) => {
      client.setQueryData(partnerKeys.detail(id), data);
      return invalidate();
    },
  });
}

/** A refusal because staff still belong to the partner is explained in a dialog, not a notification. */
export function useDeletePartner() {
  const client = useQueryClient();
  const invalidate = useInvalidatePartnerLists();
  return useMutation({
    mutationFn: (id: string) =>
      call(partnerEndpoints.remove, { params: { id } }, { notify: (e) => e.code !== 'ReferencedByOthers' }),
    onSuccess: (_, id) => {
      // Removed, not refetched: the open edit page would otherwise flash "The data do not exist!".
      client.removeQueries({ queryKey: partnerKeys.detail(id) });
      return invalidate();
    },
  });
}

/** The staff and sites that block a delete, read from a ReferencedByOthers error's data. */
export function blockingReferences(error: ApiError): PartnerReferences {
  const parsed = partnerReferences.safeParse(error.data);
  return parsed.success ? parsed.data : { users: [], sites: [], assets: 0 };
}
