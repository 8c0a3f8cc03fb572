import type { RelocationListStatus } from '@fleetdesk/contracts';
import { relocationListEndpoints as e, type QueryInputOf } from '@fleetdesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { call } from '../../shared/http.ts';

export type RelocationListQuery = QueryInputOf<typeof e.list>;

/** Query keys of the relocation feature. */
export const relocationKeys = {
  all: ['relocationLists'] as const,
  list: (query: RelocationListQuery) => [...relocationKeys.all, 'list', query] as const,
  detail: (id: string) => [...relocationKeys.all, 'detail', id] as const,
  sites: ['relocationLists', 'sites'] as const,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The list's URL state as the API query: empty filters are left out, and the checkout days become the
 * start of the first and the end of the last day in the user's time zone.
 */
export function relocationQuery(state: {
  pageNo: number;
  pageSize: number;
  sort: string;
  partnerId: string | undefined;
  fromSiteId: string | undefined;
  toSiteId: string | undefined;
  status: RelocationListStatus | undefined;
  checkout: string[];
}): RelocationListQuery {
  const [from, to] = state.checkout;
  const range =
    from && to && DAY.test(from) && DAY.test(to)
      ? {
          checkoutFrom: dayjs(from).startOf('day').toISOString(),
          checkoutTo: dayjs(to).endOf('day').toISOString(),
        }
      : {};
  return {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    sort: state.sort,
    ...(state.partnerId ? { partnerId: state.partnerId } : {}),
    ...(state.fromSiteId ? { fromSiteId: state.fromSiteId } : {}),
    ...(state.toSiteId ? { toSiteId: state.toSiteId } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...range,
  };
}

export function fetchRelocationPage(query: RelocationListQuery, signal?: AbortSignal) {
  return call(e.list, { query }, { signal });
}

export function useRelocationLists(query: RelocationListQuery) {
  return useQuery({
    queryKey: relocationKeys.list(query),
    queryFn: ({ signal }) => fetchRelocationPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRelocationList(id: string) {
  return useQuery({
    queryKey: relocationKeys.detail(id),
    queryFn: ({ signal }) =>
      call(e.get, { params: { id } }, { signal, notify: (err) => err.status !== 404 && err.status !== 400 }).then(
        (r) => r.data,
      ),
    retry: false,
  });
}

/** Sites of the caller's partners for the site filters (archived ones too: old lists name them). */
export function useRelocationSites() {
  return useQuery({
    queryKey: relocationKeys.sites,
    queryFn: ({ signal }) => call(e.sites, {}, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
}
