import { partnerSortKeys } from '@fleetdesk/contracts';
import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { partnerPaths } from './paths.ts';

/** The partner list's URL state: search box, paging, sort by name or creation. */
export const partnerList = defineList({
  filters: { search: urlParam.string() },
  sortKeys: partnerSortKeys,
  defaultSort: 'createdAt:desc',
});

export type PartnerListUrlState = Partial<UrlStateOf<typeof partnerList.shape>>;

/** Typed links to the partner screens; a list link can carry filters, paging and sort. */
export const partnerUrls = {
  list: (state: PartnerListUrlState = {}) => {
    const search = writeUrlState(partnerList.shape, new URLSearchParams(), state).toString();
    return `${partnerPaths.list}${search ? `?${search}` : ''}`;
  },
  new: () => partnerPaths.new,
  edit: (partnerId: string) => generatePath(partnerPaths.edit, { partnerId }),
};
