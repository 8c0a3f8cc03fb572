/** Route patterns of the asset screens (document 1 menu: Asset → Asset list, hidden new and detail pages). */
export const assetPaths = {
  list: '/asset/list',
  new: '/asset/new',
  detail: '/asset/detail/:assetNo',
} as const;
