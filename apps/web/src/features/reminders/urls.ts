import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { reminderPaths } from './paths.ts';

export const timerList = defineList({
  filters: {
    partnerId: urlParam.list(),
    categoryId: urlParam.string(),
    kind: urlParam.string(),
    name: urlParam.string(),
  },
  sortKeys: ['createdAt', 'updatedAt', 'name'] as const,
  defaultSort: 'createdAt:desc',
});

export const resetRuleList = defineList({
  filters: {
    partnerId: urlParam.list(),
    categoryId: urlParam.string(),
    type: urlParam.string(),
    name: urlParam.string(),
  },
  sortKeys: ['createdAt', 'updatedAt', 'name'] as const,
  defaultSort: 'createdAt:desc',
});

export const groupList = defineList({
  filters: {
    partnerId: urlParam.list(),
    categoryId: urlParam.string(),
    timerId: urlParam.string(),
  },
  sortKeys: ['createdAt', 'updatedAt'] as const,
  defaultSort: 'createdAt:desc',
});

/** The assets page: state filter, asset number, what is due first by default. */
export const groupAssetList = defineList({
  filters: {
    state: urlParam.list(),
    assetNo: urlParam.string(),
  },
  sortKeys: ['due', 'assetNo', 'lastResetAt'] as const,
  defaultSort: 'due:asc',
});

const withSearch = (path: string, search: URLSearchParams) => `${path}${search.size ? `?${search}` : ''}`;

/** Typed links to the reminder configuration screens (the reminder logs link here too). */
export const reminderUrls = {
  timerList: (state: Partial<UrlStateOf<typeof timerList.shape>> = {}) =>
    withSearch(reminderPaths.timerList, writeUrlState(timerList.shape, new URLSearchParams(), state)),
  timerNew: () => reminderPaths.timerNew,
  timerDetail: (timerId: string) => generatePath(reminderPaths.timerDetail, { timerId }),
  timerEdit: (timerId: string) => generatePath(reminderPaths.timerEdit, { timerId }),
  resetRuleList: () => reminderPaths.resetRuleList,
  /** Prefilled from the timer form: the partner and category the new rule must share with the timer. */
  resetRuleNew: (prefill: { partnerId?: string; categoryId?: string } = {}) =>
    withSearch(
      reminderPaths.resetRuleNew,
      new URLSearchParams(Object.entries(prefill).filter((e): e is [string, string] => Boolean(e[1]))),
    ),
  resetRuleEdit: (resetRuleId: string) => generatePath(reminderPaths.resetRuleEdit, { resetRuleId }),
  groupList: (state: Partial<UrlStateOf<typeof groupList.shape>> = {}) =>
    withSearch(reminderPaths.groupList, writeUrlState(groupList.shape, new URLSearchParams(), state)),
  /** Optionally with the timer chosen (from a timer's detail). */
  groupNew: (timerId?: string) => withSearch(reminderPaths.groupNew, new URLSearchParams(timerId ? { timerId } : {})),
  groupDetail: (assetTimerGroupId: string) => generatePath(reminderPaths.groupDetail, { assetTimerGroupId }),
  groupAssets: (assetTimerGroupId: string, state: Partial<UrlStateOf<typeof groupAssetList.shape>> = {}) =>
    withSearch(
      generatePath(reminderPaths.groupAssets, { assetTimerGroupId }),
      writeUrlState(groupAssetList.shape, new URLSearchParams(), state),
    ),
};
