/** Route patterns of the checklist management screens (document 1 §2.3 "Checklist management", issue 22). */
export const checklistPaths = {
  list: '/checklist/management/list',
  new: '/checklist/management/new',
  edit: '/checklist/management/:managementId/edit',
  detail: '/checklist/management/detail/:managementId',
} as const;
