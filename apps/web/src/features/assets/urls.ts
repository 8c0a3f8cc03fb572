import { generatePath } from 'react-router';
import { writeUrlState } from '../../shared/ui/url-state.ts';
import { type AssetSearchFilters, assetSearchFilters } from './components/asset-search.model.ts';
import { assetPaths } from './paths.ts';

export const assetUrls = {
  /** The asset list, searched with these filters (a dashboard figure links to the assets it counts). */
  list: (filters: Partial<AssetSearchFilters> = {}) => {
    const search = writeUrlState(assetSearchFilters, new URLSearchParams(), filters).toString();
    return `${assetPaths.list}${search ? `?${search}` : ''}`;
  },
  new: () => assetPaths.new,
  detail: (assetNo: string) => generatePath(assetPaths.detail, { assetNo }),
};
