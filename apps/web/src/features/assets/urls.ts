import { generatePath } from 'react-router';

/** Route patterns of the asset screens (document 1 menu: Asset → Asset list, hidden new and detail pages). */
export const assetPaths = {
  list: '/asset/list',
  new: '/asset/new',
  detail: '/asset/detail/:assetNo',
} as const;

export const assetUrls = {
  list: () => assetPaths.list,
  new: () => assetPaths.new,
  detail: (assetNo: string) => generatePath(assetPaths.detail, { assetNo }),
};
