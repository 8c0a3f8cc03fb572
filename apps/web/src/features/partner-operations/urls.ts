import { partnerOperationsSortKeys } from '@fleetdesk/contracts';
import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { partnerOperationsPaths } from './paths.ts';

/** The list's URL state: one partner or all, paging and sort (newest first). */
export const partnerOperationsList = defineList({
  filters: { partnerId: urlParam.string() },
  sortKeys: partnerOperationsSortKeys,
  defaultSort: 'createdAt:desc',
});

/** The overview's URL state: search by partner name, only the partners that cannot rent yet. */
export const overviewList = defineList({
  filters: { search: urlParam.string(), incomplete: urlParam.oneOf(['all', 'incomplete'] as const, 'all') },
  sortKeys: ['name'] as const,
  defaultSort: 'name:asc',
});

export type PartnerOperationsListUrlState = Partial<UrlStateOf<typeof partnerOperationsList.shape>>;
export type OverviewUrlState = Partial<UrlStateOf<typeof overviewList.shape>>;

export const partnerOperationsUrls = {
  overview: (state: OverviewUrlState = {}) => {
    const search = writeUrlState(overviewList.shape, new URLSearchParams(), state).toString();
    return `${partnerOperationsPaths.overview}${search ? `?${search}` : ''}`;
  },
  list: (state: PartnerOperationsListUrlState = {}) => {
    const search = writeUrlState(partnerOperationsList.shape, new URLSearchParams(), state).toString();
    return `${partnerOperationsPaths.list}${search ? `?${search}` : ''}`;
  },
  /** The new form, optionally with the partner already picked (from the overview). */
  new: (partnerId?: string) =>
    partnerId ? `${partnerOperationsPaths.new}?partnerId=${encodeURIComponent(partnerId)}` : partnerOperationsPaths.new,
  edit: (partnerId: string) => generatePath(partnerOperationsPaths.edit, { partnerId }),
};
