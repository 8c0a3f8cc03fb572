/** Route patterns of the private list screens (document 1 §2.3 "Private lists"). */
export const privateListPaths = {
  mine: '/private-list/mine',
  all: '/private-list/list',
  new: '/private-list/new',
  edit: '/private-list/:id/edit',
  assets: '/private-list/:id/asset-list',
  import: '/private-list/:id/assets-import',
} as const;
