import { checklistRecordSortKeys, checklistRecordStatuses } from '@fleetdesk/contracts';
import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { recordPaths } from './paths.ts';

/** The record list's URL state: partner, checklist, asset number, status, the finish range, paging and sort. */
export const recordList = defineList({
  filters: {
    partnerId: urlParam.string(),
    checklistId: urlParam.string(),
    assetNo: urlParam.string(),
    status: urlParam.optionalOneOf(checklistRecordStatuses),
    /** The finish range: two ISO instants. */
    finished: urlParam.list(),
  },
  sortKeys: checklistRecordSortKeys,
  defaultSort: 'createdAt:desc',
});

export type RecordListUrlState = Partial<UrlStateOf<typeof recordList.shape>>;

/** Typed links to the record screens; a list link can carry filters (the asset detail links to an asset's records). */
export const recordUrls = {
  list: (state: RecordListUrlState = {}) => {
    const search = writeUrlState(recordList.shape, new URLSearchParams(), state).toString();
    return `${recordPaths.list}${search ? `?${search}` : ''}`;
  },
  detail: (checklistRecordId: string) => generatePath(recordPaths.detail, { checklistRecordId }),
};

/** The service ticket a record was worked on (the tickets feature's detail page, document 1 §2.3). */
export const ticketDetailUrl = (ticketId: string) => generatePath('/b2c/service/ticket/detail/:ticketId', { ticketId });
