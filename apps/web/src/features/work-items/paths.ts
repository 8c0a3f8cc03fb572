/** Route patterns of the work item screens (document 1 §2.3 "Work items", issue 22). */
export const workItemPaths = {
  list: '/checklist/work-item/list',
  new: '/checklist/work-item/new',
  edit: '/checklist/work-item/:workItemId/edit',
  detail: '/checklist/work-item/detail/:workItemId',
} as const;
