import { checklistSortKeys } from '@fleetdesk/contracts';
import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { checklistPaths } from './paths.ts';

/** The checklist list's URL state: partner, category, name, the archived toggle, paging and sort. */
export const checklistList = defineList({
  filters: {
    partnerId: urlParam.list(),
    categoryId: urlParam.string(),
    name: urlParam.string(),
    archived: urlParam.boolean(),
  },
  sortKeys: checklistSortKeys,
  defaultSort: 'createdAt:desc',
});

export type ChecklistListUrlState = Partial<UrlStateOf<typeof checklistList.shape>>;

/** Typed links to the checklist screens. */
export const checklistUrls = {
  list: (state: ChecklistListUrlState = {}) => {
    const search = writeUrlState(checklistList.shape, new URLSearchParams(), state).toString();
    return `${checklistPaths.list}${search ? `?${search}` : ''}`;
  },
  new: () => checklistPaths.new,
  edit: (managementId: string) => generatePath(checklistPaths.edit, { managementId }),
  detail: (managementId: string) => generatePath(checklistPaths.detail, { managementId }),
};
