import { alarmStates } from '@fleetdesk/contracts';
import { defineList } from '../../shared/ui/list-state.ts';
import { urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { alarmPaths } from './paths.ts';

/** The inbox's filters, in the URL: a dashboard figure links to a filtered inbox. */
export const alarmListFilters = {
  state: urlParam.oneOf(alarmStates, 'open'),
  partnerId: urlParam.string(),
  categoryId: urlParam.string(),
  code: urlParam.string(),
  assetNo: urlParam.string(),
  /** Two calendar days (first and last, both included); none: the last 7 days. */
  days: urlParam.list(),
};

export const alarmList = defineList({
  filters: alarmListFilters,
  sortKeys: ['occurredAt'] as const,
  defaultSort: 'occurredAt:desc',
});

/** Which alarm's acknowledge dialog is open. */
export const alarmScreen = { acknowledge: urlParam.string() };

export type AlarmListLink = Partial<{
  state: (typeof alarmStates)[number];
  partnerId: string;
  categoryId: string;
  code: string;
  assetNo: string;
  days: string[];
}>;

export const alarmUrls = {
  list: (filters: AlarmListLink = {}) => {
    const search = writeUrlState(alarmListFilters, new URLSearchParams(), filters).toString();
    return `${alarmPaths.list}${search ? `?${search}` : ''}`;
  },
};
