import { rentingIntentSortKeys, rentingIntentStatuses } from '@fleetdesk/contracts';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { intentPaths } from './paths.ts';

/**
 * The intent list's URL state: search (customer phone or name), status, partner, category, site, one customer, the
 * appointment range (two ISO instants, compared with the appointment's earliest start), paging and sort.
 */
export const intentList = defineList({
  filters: {
    search: urlParam.string(),
    status: urlParam.optionalOneOf(rentingIntentStatuses),
    partnerId: urlParam.string(),
    assetCategoryId: urlParam.string(),
    siteId: urlParam.string(),
    customerId: urlParam.string(),
    appointmentFrom: urlParam.string(),
    appointmentTo: urlParam.string(),
  },
  sortKeys: rentingIntentSortKeys,
  defaultSort: 'createdAt:desc',
});

export type IntentListUrlState = Partial<UrlStateOf<typeof intentList.shape>>;

export const intentDialogs = ['edit', 'cancel'] as const;
export type IntentDialog = (typeof intentDialogs)[number];

/** The open dialog and its intent, in the URL so a reload (or a link) opens it again. */
export const intentListScreen = { dialog: urlParam.optionalOneOf(intentDialogs), intentId: urlParam.string() };

/** Typed links to the intent list; a link can carry filters, paging and sort. */
export const intentUrls = {
  list: (state: IntentListUrlState = {}) => {
    const search = writeUrlState(intentList.shape, new URLSearchParams(), state).toString();
    return `${intentPaths.list}${search ? `?${search}` : ''}`;
  },
};
