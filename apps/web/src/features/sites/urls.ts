import { siteSortKeys, siteTypes } from '@fleetdesk/contracts';
import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { sitePaths } from './paths.ts';

/** Which sites the list shows; document 1 §7.9: non-archived unless asked. */
export const archiveFilters = ['active', 'archived', 'all'] as const;
export type ArchiveFilter = (typeof archiveFilters)[number];

/** The site list's URL state: partner, type, name, city, archived, paging and sort. */
export const siteList = defineList({
  filters: {
    partnerId: urlParam.list(),
    type: urlParam.list(),
    name: urlParam.string(),
    city: urlParam.string(),
    archived: urlParam.oneOf(archiveFilters, 'active'),
  },
  sortKeys: siteSortKeys,
  defaultSort: 'createdAt:desc',
});

export type SiteListUrlState = Partial<UrlStateOf<typeof siteList.shape>>;

export const isSiteType = (value: string): value is (typeof siteTypes)[number] =>
  (siteTypes as readonly string[]).includes(value);

/** Typed links to the site screens; a list link can carry filters, paging and sort. */
export const siteUrls = {
  list: (state: SiteListUrlState = {}) => {
    const search = writeUrlState(siteList.shape, new URLSearchParams(), state).toString();
    return `${sitePaths.list}${search ? `?${search}` : ''}`;
  },
  new: () => sitePaths.new,
  edit: (siteId: string) => generatePath(sitePaths.edit, { siteId }),
};
