import {
  categoryEndpoints,
  tripEndpoints as e,
  type TrailQuery,
  type TripFilter,
  type TripListQuery,
  type TripStatus,
} from '@fleetdesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, callFile } from '../../shared/http.ts';
import { saveBlob } from '../../shared/ui/csv.ts';

/** Query keys of the trips feature. */
export const tripKeys = {
  all: ['trips'] as const,
  list: (query: TripListQuery) => ['trips', 'list', query] as const,
  one: (id: string) => ['trips', 'one', id] as const,
  routes: (ids: readonly string[]) => ['trips', 'routes', ids] as const,
  trail: (query: TrailQuery) => ['trips', 'trail', query] as const,
  categories: ['trips', 'categories'] as const,
};

/** Trips keep changing while they are ongoing: lists and panels refresh this often. */
const REFRESH_MS = 30_000;

export interface TripListState {
  pageNo: number;
  pageSize: number;
  sort: string;
  assetNo: string | undefined;
  partnerId: string | undefined;
  categoryId: string | undefined;
  status: TripStatus | undefined;
  started: string[];
}

const validTime = (v: string | undefined): v is string => Boolean(v) && !Number.isNaN(Date.parse(v ?? ''));

/** The list's filters as the API takes them: empty ones left out, the start range as two instants. */
export function tripFilterOf(state: Omit<TripListState, 'pageNo' | 'pageSize' | 'sort'>): TripFilter {
  const [from, to] = state.started;
  return {
    ...(state.assetNo?.trim() ? { assetNo: state.assetNo.trim().toUpperCase() } : {}),
    ...(state.partnerId ? { partnerId: state.partnerId } : {}),
    ...(state.categoryId ? { categoryId: state.categoryId } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(validTime(from) && validTime(to)
      ? { startFrom: new Date(from).toISOString(), startTo: new Date(to).toISOString() }
      : {}),
  };
}

export function tripListQueryOf(state: TripListState): TripListQuery {
  return {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    sort: state.sort === 'startedAt:asc' ? 'startedAt:asc' : 'startedAt:desc',
    ...tripFilterOf(state),
  };
}

export function useTrips(query: TripListQuery) {
  return useQuery({
    queryKey: tripKeys.list(query),
    queryFn: ({ signal }) => call(e.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

/** One trip with its route (the route panel). */
export function useTrip(id: string | undefined) {
  return useQuery({
    queryKey: tripKeys.one(id ?? ''),
    queryFn: ({ signal }) => call(e.get, { params: { id: id as string } }, { signal }).then((r) => r.data),
    enabled: Boolean(id),
    refetchInterval: REFRESH_MS,
  });
}

/** Several trips with their routes (the multi-trip map). */
export function useTripRoutes(ids: readonly string[]) {
  return useQuery({
    queryKey: tripKeys.routes(ids),
    queryFn: ({ signal }) => call(e.routes, { query: { ids: ids.join(',') } }, { signal }).then((r) => r.data),
    enabled: ids.length > 0,
  });
}

/** One asset's trail over a range (the all-trail map); null waits for a complete query. */
export function useTrail(query: TrailQuery | null) {
  return useQuery({
    queryKey: tripKeys.trail(query ?? { assetNo: '', from: '', to: '' }),
    queryFn: ({ signal }) => call(e.trail, { query: query as TrailQuery }, { signal }).then((r) => r.data),
    enabled: query !== null,
    retry: false,
  });
}

/** Categories for the filter; a reader without category access simply gets no choice (no error toast). */
export function useTripCategoryOptions() {
  return useQuery({
    queryKey: tripKeys.categories,
    queryFn: ({ signal }) => call(categoryEndpoints.summaries, {}, { signal, notify: false }).then((r) => r.data),
    staleTime: 60_000,
    retry: false,
  });
}

/** The server's CSV of the filtered trips (at most 2,000; above that the server refuses with a message). */
export async function exportTrips(filter: TripFilter): Promise<void> {
  const { blob, fileName } = await callFile(e.export, { body: filter });
  saveBlob(fileName ?? 'trips.csv', blob);
}
