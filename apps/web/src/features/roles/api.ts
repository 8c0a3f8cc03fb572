import { type QueryInputOf, type RoleInput, type RoleUser, roleEndpoints } from '@fleetdesk/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, unlessFieldErrors, unlessStatus } from '../../shared/http.ts';
import { userKeys } from '../users/api.ts';

export type RoleListQuery = QueryInputOf<typeof roleEndpoints.list>;

/** Query keys of the team roles feature; mutations invalidate by prefix. */
export const roleKeys = {
  all: ['roles'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  list: (query: RoleListQuery) => [...roleKeys.lists(), query] as const,
  detail: (id: string) => [...roleKeys.all, 'detail', id] as const,
  users: (id: string) => [...roleKeys.all, 'users', id] as const,
};

export function fetchRolePage(query: RoleListQuery, signal?: AbortSignal) {
  return call(roleEndpoints.list, { query }, { signal });
}

export function useRoleList(query: RoleListQuery) {
  return useQuery({
    queryKey: roleKeys.list(query),
    queryFn: ({ signal }) => fetchRolePage(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRole(id: string | undefined) {
  return useQuery({
    queryKey: roleKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      call(roleEndpoints.get, { params: { id: id ?? '' } }, { signal, notify: unlessStatus(404) }).then((r) => r.data),
    enabled: Boolean(id),
  });
}

/** Who a change to a role reaches: the holders the caller may see, and how many others hold it. */
export interface AffectedStaff {
  users: RoleUser[];
  holdersOutsideScope: number;
}

/** The staff holding a role: shown before an edit is saved or the role is deleted. Always read fresh. */
export const roleUsersQuery = (id: string) =>
  queryOptions({
    queryKey: roleKeys.users(id),
    queryFn: ({ signal }): Promise<AffectedStaff> =>
      call(roleEndpoints.users, { params: { id } }, { signal }).then((r) => ({
        users: r.data,
        holdersOutsideScope: r.holdersOutsideScope,
      })),
    staleTime: 0,
  });

export function useRoleUsers(id: string | undefined) {
  return useQuery({ ...roleUsersQuery(id ?? ''), enabled: Boolean(id) });
}

/** Reads the affected staff at the moment of asking, so the confirmation never lists a stale set. */
export function useFetchRoleUsers() {
  const client = useQueryClient();
  return (id: string) => client.fetchQuery(roleUsersQuery(id));
}

/** Role changes also change what users hold: user lists (role columns, role filter options) refresh too. */
function useInvalidateRoles() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: roleKeys.lists() }),
      client.invalidateQueries({ queryKey: userKeys.all }),
    ]);
}

export function useCreateRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (body: RoleInput) => call(roleEndpoints.create, { body }, { notify: unlessFieldErrors }),
    onSuccess: invalidate,
  });
}

export function useUpdateRole(id: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (body: RoleInput) =>
      call(roleEndpoints.update, { params: { id }, body }, { notify: unlessFieldErrors }),
    onSuccess: ({ data }) => {
      client.setQueryData(roleKeys.detail(id), data);
      return invalidate();
    },
  });
}

export function useDeleteRole() {
  const client = useQueryClient();
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (id: string) => call(roleEndpoints.remove, { params: { id } }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: roleKeys.detail(id) });
      client.removeQueries({ queryKey: roleKeys.users(id) });
      return invalidate();
    },
  });
}
