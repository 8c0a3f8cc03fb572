import { iotChannels, iotControlStatuses, iotInitiators } from '@fleetdesk/contracts';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { controlRecordPaths } from './paths.ts';

export const controlRecordTabs = ['command', 'config'] as const;

/** The filters, paging and sort of the record list (the same filters serve both tabs). */
export const controlRecordList = defineList({
  filters: {
    assetNo: urlParam.string(),
    command: urlParam.string(),
    status: urlParam.optionalOneOf(iotControlStatuses),
    channel: urlParam.optionalOneOf(iotChannels),
    initiator: urlParam.optionalOneOf(iotInitiators),
    /** Two ISO date-times, from and to (the API's requestedFrom and requestedTo). */
    requested: urlParam.list(),
  },
  sortKeys: ['requestedAt'] as const,
  defaultSort: 'requestedAt:desc',
});

/**
 * The screen's own state beside the list: which tab, which record's drawer is open. A tab change also goes
 * back to page 1, in the same URL write (two writes in one tick would lose one).
 */
export const controlRecordScreen = {
  tab: urlParam.oneOf(controlRecordTabs, 'command'),
  record: urlParam.string(),
  pageNo: urlParam.integer(1, { min: 1 }),
};

type ScreenState = Partial<UrlStateOf<typeof controlRecordScreen>> &
  Partial<UrlStateOf<typeof controlRecordList.shape>>;

/** Typed links to the control-record screen, e.g. the records of one asset. */
export const controlRecordUrls = {
  list: (state: ScreenState = {}) => {
    let search = writeUrlState(controlRecordList.shape, new URLSearchParams(), state);
    search = writeUrlState(controlRecordScreen, search, state);
    const text = search.toString();
    return `${controlRecordPaths.list}${text ? `?${text}` : ''}`;
  },
};
