import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { rolePaths } from './paths.ts';

export const roleSortKeys = ['createdAt', 'updatedAt', 'title'] as const;

/** The role list's URL state: search box, paging, sort by title, creation or last change. */
export const roleList = defineList({
  filters: { search: urlParam.string() },
  sortKeys: roleSortKeys,
  defaultSort: 'createdAt:desc',
});

export type RoleListUrlState = Partial<UrlStateOf<typeof roleList.shape>>;

/** Typed links to the team role screens. */
export const roleUrls = {
  list: (state: RoleListUrlState = {}) => {
    const search = writeUrlState(roleList.shape, new URLSearchParams(), state).toString();
    return `${rolePaths.list}${search ? `?${search}` : ''}`;
  },
  new: () => rolePaths.new,
  edit: (id: string) => generatePath(rolePaths.edit, { id }),
};
