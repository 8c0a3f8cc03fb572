import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { urlParam } from '../../shared/ui/url-state.ts';

/** Route patterns of the private list screens (document 1 §2.3 "Private lists"). */
export const privateListPaths = {
  mine: '/private-list/mine',
  all: '/private-list/list',
  new: '/private-list/new',
  edit: '/private-list/:id/edit',
  assets: '/private-list/:id/asset-list',
  import: '/private-list/:id/assets-import',
} as const;

/** The API lists newest first only, so the lists have no sort choice; `search` filters by name. */
export const mineList = defineList({ filters: { search: urlParam.string() }, sortKeys: ['createdAt'] });
export const allList = defineList({
  filters: { search: urlParam.string(), ownerId: urlParam.string() },
  sortKeys: ['createdAt'],
});

export const privateListUrls = {
  mine: () => privateListPaths.mine,
  all: () => privateListPaths.all,
  new: () => privateListPaths.new,
  edit: (id: string) => generatePath(privateListPaths.edit, { id }),
  assets: (id: string) => generatePath(privateListPaths.assets, { id }),
  import: (id: string) => generatePath(privateListPaths.import, { id }),
};
