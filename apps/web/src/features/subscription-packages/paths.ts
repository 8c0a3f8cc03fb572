/** Route patterns of the package screens (document 1 §2.3 "Subscription packages"). */
export const packagePaths = {
  list: '/subscription/package/list',
  new: '/subscription/package/new',
  edit: '/subscription/package/:packageId/edit',
} as const;
