import {
  categoryEndpoints,
  type DashboardEventKind,
  type DashboardEvents,
  type DashboardOverview,
  dashboardEndpoints as e,
  type QueryInputOf,
} from '@fleetdesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../shared/http.ts';

export type DashboardQueryInput = QueryInputOf<typeof e.overview>;

/** The fleet changes by the minute (presence, alarms): the open tab refreshes itself this often. */
const REFRESH_MS = 60_000;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  overview: (query: DashboardQueryInput) => [...dashboardKeys.all, 'overview', query] as const,
  events: (kind: DashboardEventKind, query: DashboardQueryInput) => [...dashboardKeys.all, kind, query] as const,
  categories: ['dashboard', 'categories'] as const,
};

export function useDashboardOverview(query: DashboardQueryInput | null) {
  return useQuery<DashboardOverview>({
    queryKey: dashboardKeys.overview(query ?? { from: '', to: '' }),
    queryFn: ({ signal }) => call(e.overview, { query: query as DashboardQueryInput }, { signal }).then((r) => r.data),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

export function useDashboardEvents(kind: DashboardEventKind, query: DashboardQueryInput | null) {
  const endpoint = kind === 'alarm' ? e.alarms : e.errors;
  return useQuery<DashboardEvents>({
    queryKey: dashboardKeys.events(kind, query ?? { from: '', to: '' }),
    queryFn: ({ signal }) => call(endpoint, { query: query as DashboardQueryInput }, { signal }).then((r) => r.data),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

/** Categories for the filter (asset.read is enough to read them). */
export function useCategoryOptions() {
  return useQuery({
    queryKey: dashboardKeys.categories,
    queryFn: ({ signal }) => call(categoryEndpoints.summaries, {}, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
}
