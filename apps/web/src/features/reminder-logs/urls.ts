import { type AssetTimerState, assetTimerStates } from '@fleetdesk/contracts';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlCodec, type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { reminderLogPaths } from './paths.ts';

/** What the log centre shows unless told otherwise: what needs attention (the API's own default). */
export const ATTENTION_STATES: readonly AssetTimerState[] = ['upcoming', 'due', 'overdue'];

/**
 * The centre's states: absent from the URL means "needs attention", so a bare link opens what to act on; a
 * selection that empties falls back to it too (an empty filter would otherwise read as "nothing").
 */
const stateList: UrlCodec<AssetTimerState[]> = {
  fallback: [...ATTENTION_STATES],
  read: (raw) => {
    const known = raw.filter((v): v is AssetTimerState => (assetTimerStates as readonly string[]).includes(v));
    return known.length > 0 ? known : [...ATTENTION_STATES];
  },
  write: (value) => value,
};

export const assetTimerLogList = defineList({
  filters: {
    partnerIdIn: urlParam.list(),
    assetNo: urlParam.string(),
    timerId: urlParam.string(),
    /** A group's detail links to its log. */
    groupId: urlParam.string(),
    kindIn: urlParam.list(),
    /** Two ISO instants (RangeFilterItem with time). */
    period: urlParam.list(),
  },
  sortKeys: ['createdAt'] as const,
  defaultSort: 'createdAt:desc',
  defaultPageSize: 20,
});
export type AssetTimerLogListState = UrlStateOf<typeof assetTimerLogList.shape>;

export const assetTimerCentreList = defineList({
  filters: {
    partnerIdIn: urlParam.list(),
    categoryIdIn: urlParam.list(),
    siteIdIn: urlParam.list(),
    stateIn: stateList,
    timerId: urlParam.string(),
    unacknowledgedOnly: urlParam.boolean(),
    assetNo: urlParam.string(),
  },
  sortKeys: ['due', 'stateChangedAt', 'assetNo'] as const,
  defaultSort: 'due:asc',
  defaultPageSize: 20,
});
export type AssetTimerCentreState = UrlStateOf<typeof assetTimerCentreList.shape>;

const withSearch = (path: string, search: URLSearchParams) => `${path}${search.size ? `?${search}` : ''}`;

/** Typed links to the two screens, with filters (a timer or group screen links to its log, an asset to its rows). */
export const reminderLogUrls = {
  log: (state: Partial<AssetTimerLogListState> = {}) =>
    withSearch(reminderLogPaths.log, writeUrlState(assetTimerLogList.shape, new URLSearchParams(), state)),
  centre: (state: Partial<AssetTimerCentreState> = {}) =>
    withSearch(reminderLogPaths.centre, writeUrlState(assetTimerCentreList.shape, new URLSearchParams(), state)),
};
