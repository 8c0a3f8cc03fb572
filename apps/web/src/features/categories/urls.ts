import { categorySortKeys } from '@fleetdesk/contracts';
import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { categoryPaths } from './paths.ts';

/** The category list's URL state: search, asset type, enabled, paging and sort. */
export const categoryList = defineList({
  filters: {
    search: urlParam.string(),
    assetType: urlParam.string(),
    isEnabled: urlParam.boolean(),
  },
  sortKeys: categorySortKeys,
  defaultSort: 'createdAt:desc',
});

export type CategoryListUrlState = Partial<UrlStateOf<typeof categoryList.shape>>;

/** Typed links to the category screens; a list link can carry filters, paging and sort. */
export const categoryUrls = {
  list: (state: CategoryListUrlState = {}) => {
    const search = writeUrlState(categoryList.shape, new URLSearchParams(), state).toString();
    return `${categoryPaths.list}${search ? `?${search}` : ''}`;
  },
  new: () => categoryPaths.new,
  edit: (categoryId: string) => generatePath(categoryPaths.edit, { categoryId }),
};
