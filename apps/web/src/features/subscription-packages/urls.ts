import { subscriptionPackageSortKeys } from '@fleetdesk/contracts';
import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { packagePaths } from './paths.ts';

/** The package list's URL state: partner, category, name, paging and sort. */
export const packageList = defineList({
  filters: {
    partnerId: urlParam.list(),
    categoryId: urlParam.list(),
    name: urlParam.string(),
  },
  sortKeys: subscriptionPackageSortKeys,
  defaultSort: 'createdAt:desc',
});

export type PackageListUrlState = Partial<UrlStateOf<typeof packageList.shape>>;

/** Typed links to the package screens. */
export const packageUrls = {
  list: (state: PackageListUrlState = {}) => {
    const search = writeUrlState(packageList.shape, new URLSearchParams(), state).toString();
    return `${packagePaths.list}${search ? `?${search}` : ''}`;
  },
  new: () => packagePaths.new,
  edit: (packageId: string) => generatePath(packagePaths.edit, { packageId }),
};
