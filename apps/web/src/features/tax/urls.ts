import { taxGroupSortKeys } from '@fleetdesk/contracts';
import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { taxGroupPaths } from './paths.ts';

/** The tax group list's URL state: search box, paging, sort by name, country or creation. */
export const taxGroupList = defineList({
  filters: { search: urlParam.string() },
  sortKeys: taxGroupSortKeys,
  defaultSort: 'createdAt:desc',
});

export type TaxGroupListUrlState = Partial<UrlStateOf<typeof taxGroupList.shape>>;

/** Typed links to the tax group screens; a list link can carry filters, paging and sort. */
export const taxGroupUrls = {
  list: (state: TaxGroupListUrlState = {}) => {
    const search = writeUrlState(taxGroupList.shape, new URLSearchParams(), state).toString();
    return `${taxGroupPaths.list}${search ? `?${search}` : ''}`;
  },
  new: () => taxGroupPaths.new,
  edit: (taxGroupId: string) => generatePath(taxGroupPaths.edit, { taxGroupId }),
};
