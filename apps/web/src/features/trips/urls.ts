import { tripStatuses } from '@fleetdesk/contracts';
import { defineList } from '../../shared/ui/list-state.ts';
import { urlParam } from '../../shared/ui/url-state.ts';
import { tripPaths } from './paths.ts';

/** The trip list's filters, paging and sort (by start time, newest first). */
export const tripList = defineList({
  filters: {
    assetNo: urlParam.string(),
    partnerId: urlParam.string(),
    categoryId: urlParam.string(),
    status: urlParam.optionalOneOf(tripStatuses),
    /** Two ISO instants: the start-time range. */
    started: urlParam.list(),
  },
  sortKeys: ['startedAt'] as const,
  defaultSort: 'startedAt:desc',
});

/** Which trip's route panel is open. */
export const tripScreen = { trip: urlParam.string() };

/** The all-trail page's asset and range. */
export const trailScreen = { assetNo: urlParam.string(), from: urlParam.string(), to: urlParam.string() };

export const tripUrls = {
  list: (state: { assetNo?: string; trip?: string } = {}) => {
    const search = new URLSearchParams();
    if (state.assetNo) search.set('assetNo', state.assetNo);
    if (state.trip) search.set('trip', state.trip);
    const text = search.toString();
    return `${tripPaths.list}${text ? `?${text}` : ''}`;
  },
  multi: (ids: readonly string[]) => `${tripPaths.multi}?${new URLSearchParams({ ids: ids.join(',') })}`,
  trail: (assetNo: string, from: string, to: string) =>
    `${tripPaths.trail}?${new URLSearchParams({ assetNo, from, to })}`,
};
