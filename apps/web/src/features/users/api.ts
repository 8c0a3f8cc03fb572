import {
  type AccessRequestApproval,
  type AccessRequestDecline,
  accessRequestEndpoints,
  type QueryInputOf,
  roleEndpoints,
  type UserCreate,
  type UserUpdate,
  userEndpoints,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, call, unlessStatus } from '../../shared/http.ts';
import { requirementOf, useCan } from '../../shared/permissions.ts';
import { MAX_PAGE_SIZE } from '../../shared/ui/list-state.ts';
import { toUserFormError } from './components/user-form.values.ts';

export type UserListQuery = QueryInputOf<typeof userEndpoints.list>;

/** Query keys of the team users feature; mutations invalidate by prefix. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: UserListQuery) => [...userKeys.lists(), query] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
  roleOptions: () => [...userKeys.all, 'role-options'] as const,
};

/** Field errors and "already used" conflicts are shown on their form fields, not as notifications. */
const unlessShownOnForm = (error: ApiError) => error.code !== 'ValidationError' && error.status !== 409;

export function fetchUserPage(query: UserListQuery, signal?: AbortSignal) {
  return call(userEndpoints.list, { query }, { signal });
}

export function useUserList(query: UserListQuery) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => fetchUserPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: string | undefined) {
  return useQuery({
    queryKey: userKeys.detail(id ?? ''),
    // A 404 is shown by the page ("The data do not exist!"), not as a notification.
    queryFn: ({ signal }) =>
      call(userEndpoints.get, { params: { id: id ?? '' } }, { signal, notify: unlessStatus(404) }).then((r) => r.data),
    enabled: Boolean(id),
  });
}

/**
 * Every role as a select option. Roles are account-wide and few (the role list is capped at one page of 100);
 * the query only runs for users who may list roles (role.read, or user.create / user.update).
 */
export function useRoleOptions() {
  const allowed = useCan(requirementOf(roleEndpoints.list));
  return useQuery({
    queryKey: userKeys.roleOptions(),
    queryFn: ({ signal }) =>
      call(roleEndpoints.list, { query: { pageSize: MAX_PAGE_SIZE, sort: 'title:asc' } }, { signal }).then((r) =>
        r.data.map((role) => ({ value: role.id, label: role.title })),
      ),
    enabled: allowed,
    staleTime: 60_000,
  });
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserCreate) =>
      call(userEndpoints.create, { body }, { notify: unlessShownOnForm }).catch((error: unknown) => {
        throw toUserFormError(error);
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}

export function useUpdateUser(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdate) =>
      call(userEndpoints.update, { params: { id }, body }, { notify: unlessShownOnForm }).catch((error: unknown) => {
        throw toUserFormError(error);
      }),
    onSuccess: ({ data }) => {
      client.setQueryData(userKeys.detail(id), data);
      return client.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(userEndpoints.remove, { params: { id } }),
    onSuccess: (_, id) => {
      // Removed, not refetched: an open edit page would otherwise flash "The data do not exist!".
      client.removeQueries({ queryKey: userKeys.detail(id) });
      return client.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

/** Resolves with the one-time password; it is shown once and never stored by the console. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (id: string) =>
      call(userEndpoints.resetPassword, { params: { id } }).then((response) => response.data.password),
  });
}

export type AccessRequestListQuery = QueryInputOf<typeof accessRequestEndpoints.list>;

export const accessRequestKeys = {
  all: ['access-requests'] as const,
  list: (query: AccessRequestListQuery) => [...accessRequestKeys.all, 'list', query] as const,
};

export function fetchAccessRequestPage(query: AccessRequestListQuery, signal?: AbortSignal) {
  return call(accessRequestEndpoints.list, { query }, { signal });
}

export function useAccessRequestList(query: AccessRequestListQuery) {
  return useQuery({
    queryKey: accessRequestKeys.list(query),
    queryFn: ({ signal }) => fetchAccessRequestPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Approving creates a staff member: the staff list is refreshed too. Grant refusals are shown on the dialog. */
export function useApproveAccessRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AccessRequestApproval }) =>
      call(accessRequestEndpoints.approve, { params: { id }, body }, { notify: false }).then((r) => r.data),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: accessRequestKeys.all }),
        client.invalidateQueries({ queryKey: userKeys.lists() }),
      ]),
  });
}

export function useDeclineAccessRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AccessRequestDecline }) =>
      call(accessRequestEndpoints.decline, { params: { id }, body }).then((r) => r.data),
    onSettled: () => client.invalidateQueries({ queryKey: accessRequestKeys.all }),
  });
}
