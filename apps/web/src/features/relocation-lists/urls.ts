import { relocationListStatuses, relocationSortKeys } from '@fleetdesk/contracts';
import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { relocationPaths } from './paths.ts';

/** The list's URL state: partner, collection and launch site, status, checkout days (from, to), paging, sort. */
export const relocationList = defineList({
  filters: {
    partnerId: urlParam.string(),
    fromSiteId: urlParam.string(),
    toSiteId: urlParam.string(),
    status: urlParam.optionalOneOf(relocationListStatuses),
    /** Two calendar days `YYYY-MM-DD`, both included; the API gets the local day's start and end. */
    checkout: urlParam.list(),
  },
  sortKeys: relocationSortKeys,
  defaultSort: 'checkoutAt:desc',
});

export type RelocationListUrlState = Partial<UrlStateOf<typeof relocationList.shape>>;

/** Typed links to the relocation screens; a list link can carry filters, paging and sort. */
export const relocationUrls = {
  list: (state: RelocationListUrlState = {}) => {
    const search = writeUrlState(relocationList.shape, new URLSearchParams(), state).toString();
    return `${relocationPaths.list}${search ? `?${search}` : ''}`;
  },
  detail: (id: string) => generatePath(relocationPaths.detail, { id }),
};

/** Lists are named by the start of their id, as the operation app shows them. */
export const shortId = (id: string) => id.slice(0, 8).toUpperCase();
