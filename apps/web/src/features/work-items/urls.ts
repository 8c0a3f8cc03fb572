import { workItemSortKeys } from '@fleetdesk/contracts';
import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { workItemPaths } from './paths.ts';

/** The work item list's URL state: partner, name, the archived toggle, paging and sort. */
export const workItemList = defineList({
  filters: {
    partnerId: urlParam.list(),
    name: urlParam.string(),
    archived: urlParam.boolean(),
  },
  sortKeys: workItemSortKeys,
  defaultSort: 'createdAt:desc',
});

export type WorkItemListUrlState = Partial<UrlStateOf<typeof workItemList.shape>>;

/** Typed links to the work item screens. */
export const workItemUrls = {
  list: (state: WorkItemListUrlState = {}) => {
    const search = writeUrlState(workItemList.shape, new URLSearchParams(), state).toString();
    return `${workItemPaths.list}${search ? `?${search}` : ''}`;
  },
  new: () => workItemPaths.new,
  edit: (workItemId: string) => generatePath(workItemPaths.edit, { workItemId }),
  detail: (workItemId: string) => generatePath(workItemPaths.detail, { workItemId }),
};
