import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { openDataPaths } from './paths.ts';

/** The Open data screen's URL state: the partner whose publication is shown, so a link opens the same one. */
export const gbfsScreen = { partnerId: urlParam.string() };

/** The agency clients list: paging only (the list endpoint takes no filter), newest first. */
export const agencyClientList = defineList({ filters: {}, sortKeys: ['createdAt'] as const });

export const openDataUrls = {
  gbfs: (state: Partial<UrlStateOf<typeof gbfsScreen>> = {}) => {
    const search = writeUrlState(gbfsScreen, new URLSearchParams(), state).toString();
    return `${openDataPaths.gbfs}${search ? `?${search}` : ''}`;
  },
  agencyAccess: () => openDataPaths.agencyAccess,
};
