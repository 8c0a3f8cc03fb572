import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { invoicingPaths } from './paths.ts';

export const rentalConfigStatuses = ['all', 'set', 'notSet'] as const;
export type RentalConfigStatus = (typeof rentalConfigStatuses)[number];
export const rentalConfigSortKeys = ['partner', 'invoicePrefix', 'issued', 'updatedAt'] as const;
export type RentalConfigSortKey = (typeof rentalConfigSortKeys)[number];

/** The list's URL state: partner name search, set or not set, paging and sort (partners by name). */
export const rentalConfigList = defineList({
  filters: { search: urlParam.string(), status: urlParam.oneOf(rentalConfigStatuses, 'all') },
  sortKeys: rentalConfigSortKeys,
  defaultSort: 'partner:asc',
});

export type RentalConfigListUrlState = Partial<UrlStateOf<typeof rentalConfigList.shape>>;

export const invoicingUrls = {
  settings: () => invoicingPaths.settings,
  list: (state: RentalConfigListUrlState = {}) => {
    const search = writeUrlState(rentalConfigList.shape, new URLSearchParams(), state).toString();
    return `${invoicingPaths.list}${search ? `?${search}` : ''}`;
  },
  /** The new form, optionally with the partner already picked (from a "not set" row). */
  new: (partnerId?: string) =>
    partnerId ? `${invoicingPaths.new}?partnerId=${encodeURIComponent(partnerId)}` : invoicingPaths.new,
  edit: (partnerId: string) => generatePath(invoicingPaths.edit, { partnerId }),
};
