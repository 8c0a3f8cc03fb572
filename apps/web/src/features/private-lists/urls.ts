import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { urlParam } from '../../shared/ui/url-state.ts';
import { privateListPaths } from './paths.ts';

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
