import {
  privateListEndpoints as e,
  PRIVATE_LIST_NOT_FOUND_CODE,
  type PrivateListInput,
  type PrivateListPatch,
  type QueryInputOf,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, call, isApiError } from '../../shared/http.ts';

export type PrivateListQuery = QueryInputOf<typeof e.list>;
export type PrivateListMineQuery = QueryInputOf<typeof e.mine>;

export const privateListKeys = {
  all: ['privateLists'] as const,
  lists: () => [...privateListKeys.all, 'list'] as const,
  mine: (query: PrivateListMineQuery) => [...privateListKeys.lists(), 'mine', query] as const,
  everyone: (query: PrivateListQuery) => [...privateListKeys.lists(), 'all', query] as const,
  detail: (id: string) => [...privateListKeys.all, 'detail', id] as const,
  assets: (id: string, page: { pageNo: number; pageSize: number }) =>
    [...privateListKeys.all, 'assets', id, page] as const,
  users: (q: string) => [...privateListKeys.all, 'users', q] as const,
};

/** Field errors and unknown asset numbers are shown in the form; the rest gets the global notification. */
const notifyOthers = (error: ApiError) =>
  error.code !== 'ValidationError' && error.code !== PRIVATE_LIST_NOT_FOUND_CODE;

/** The unknown or out-of-scope numbers of a 422 AssetsNotFound, else null. */
export function notFoundOf(error: unknown): string[] | null {
  if (!isApiError(error) || error.code !== PRIVATE_LIST_NOT_FOUND_CODE) return null;
  const data = error.data as { notFound?: unknown } | null;
  return Array.isArray(data?.notFound) ? data.notFound.map(String) : [];
}

export function fetchMinePage(query: PrivateListMineQuery, signal?: AbortSignal) {
  return call(e.mine, { query }, { signal });
}
export function fetchAllPage(query: PrivateListQuery, signal?: AbortSignal) {
  return call(e.list, { query }, { signal });
}

export function useMyPrivateLists(query: PrivateListMineQuery) {
  return useQuery({
    queryKey: privateListKeys.mine(query),
    queryFn: ({ signal }) => fetchMinePage(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAllPrivateLists(query: PrivateListQuery) {
  return useQuery({
    queryKey: privateListKeys.everyone(query),
    queryFn: ({ signal }) => fetchAllPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePrivateList(id: string | undefined) {
  return useQuery({
    queryKey: privateListKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      call(e.get, { params: { id: id ?? '' } }, { signal, notify: (err) => err.status !== 404 }).then((r) => r.data),
    enabled: Boolean(id),
  });
}

export function usePrivateListAssets(id: string, page: { pageNo: number; pageSize: number }) {
  return useQuery({
    queryKey: privateListKeys.assets(id, page),
    queryFn: ({ signal }) =>
      call(e.assets, { params: { id }, query: page }, { signal, notify: (err) => err.status !== 404 }),
    placeholderData: keepPreviousData,
  });
}

/** Staff for the owner filter; only asked once something is typed. */
export function usePrivateListUsers(q: string) {
  return useQuery({
    queryKey: privateListKeys.users(q),
    queryFn: ({ signal }) => call(e.userSearch, { query: { q } }, { signal }).then((r) => r.data),
    enabled: q.trim().length > 0,
  });
}

export function useCreatePrivateList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PrivateListInput) => call(e.create, { body }, { notify: notifyOthers }),
    onSuccess: () => client.invalidateQueries({ queryKey: privateListKeys.lists() }),
  });
}

export function useUpdatePrivateList(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PrivateListPatch) => call(e.update, { params: { id }, body }, { notify: notifyOthers }),
    onSuccess: ({ data }) => {
      client.setQueryData(privateListKeys.detail(id), data);
      return client.invalidateQueries({ queryKey: privateListKeys.all });
    },
  });
}

export function useRemovePrivateListAssets(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (nos: string[]) => call(e.removeAssets, { params: { id }, body: nos }),
    onSuccess: ({ data }) => {
      client.setQueryData(privateListKeys.detail(id), data);
      return client.invalidateQueries({ queryKey: privateListKeys.all });
    },
  });
}

export function useDeletePrivateList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(e.remove, { params: { id } }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: privateListKeys.detail(id) });
      return client.invalidateQueries({ queryKey: privateListKeys.lists() });
    },
  });
}
