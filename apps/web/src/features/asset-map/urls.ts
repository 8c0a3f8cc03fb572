import { urlParam } from '../../shared/ui/url-state.ts';
import { assetSearchFilters } from '../assets/components/asset-search.model.ts';

/**
 * What the URL holds: the asset list's filters (same names, so a search moves between list and map) and the
 * camera as "latitude,longitude,zoom".
 */
export const assetMapState = { ...assetSearchFilters, at: urlParam.string() };
