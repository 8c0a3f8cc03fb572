import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { userPaths } from './paths.ts';

/** The sort keys the list offers (a subset of contracts' userListQuery sort keys). */
export const userSortKeys = ['createdAt', 'name', 'username', 'lastActiveTime'] as const;

/** The user list's URL state: search box, role and partner filters, paging, sort. */
export const userList = defineList({
  filters: { search: urlParam.string(), roleId: urlParam.string(), partnerId: urlParam.string() },
  sortKeys: userSortKeys,
  defaultSort: 'createdAt:desc',
});

export type UserListUrlState = Partial<UrlStateOf<typeof userList.shape>>;

/** Typed links to the team user screens; a list link can carry filters, paging and sort. */
export const userUrls = {
  list: (state: UserListUrlState = {}) => {
    const search = writeUrlState(userList.shape, new URLSearchParams(), state).toString();
    return `${userPaths.list}${search ? `?${search}` : ''}`;
  },
  new: () => userPaths.new,
  edit: (id: string) => `${userPaths.edit}?${new URLSearchParams({ id }).toString()}`,
};

export const accessRequestStatuses = ['pending', 'approved', 'declined'] as const;

/** The access request list's URL state: status (every status when absent), search, paging. */
export const accessRequestList = defineList({
  filters: {
    status: urlParam.optionalOneOf(accessRequestStatuses),
    search: urlParam.string(),
  },
  sortKeys: ['createdAt'] as const,
  defaultSort: 'createdAt:desc',
});
