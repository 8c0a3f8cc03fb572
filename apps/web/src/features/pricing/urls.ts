import { discountStatuses } from '@fleetdesk/contracts';
import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { pricingPaths } from './paths.ts';

/** The three part lists share one URL state: partner, category, paging (document 1 §7.1: 1 × 10) and sort. */
export const partList = defineList({
  filters: { partnerId: urlParam.string(), assetCategoryId: urlParam.string() },
  sortKeys: ['createdAt', 'updatedAt'] as const,
  defaultSort: 'createdAt:desc',
});

/** The discount list: partner, category, status, name search, paging and sort. */
export const discountList = defineList({
  filters: {
    search: urlParam.string(),
    partnerId: urlParam.string(),
    assetCategoryId: urlParam.string(),
    status: urlParam.optionalOneOf(discountStatuses),
  },
  sortKeys: ['createdAt', 'updatedAt', 'startTime', 'name'] as const,
  defaultSort: 'createdAt:desc',
});

/** The discount edit page's open dialog, in the URL so a reload keeps it. */
export const discountEditScreen = { dialog: urlParam.optionalOneOf(['reschedule'] as const) };

export type PartListUrlState = Partial<UrlStateOf<typeof partList.shape>>;
export type DiscountListUrlState = Partial<UrlStateOf<typeof discountList.shape>>;

const withSearch = (path: string, search: URLSearchParams) => {
  const text = search.toString();
  return `${path}${text ? `?${text}` : ''}`;
};
const partListUrl =
  (path: string) =>
  (state: PartListUrlState = {}) =>
    withSearch(path, writeUrlState(partList.shape, new URLSearchParams(), state));
/** A new form may arrive with the partner and category already chosen (from a list filter). */
const newUrl =
  (path: string) =>
  (key: { partnerId?: string; assetCategoryId?: string } = {}) => {
    const search = new URLSearchParams();
    if (key.partnerId) search.set('partnerId', key.partnerId);
    if (key.assetCategoryId) search.set('assetCategoryId', key.assetCategoryId);
    return withSearch(path, search);
  };
const partEditUrl = (path: string) => (partnerId: string, assetCategoryId: string) =>
  generatePath(path, { partnerId, assetCategoryId });

/** Typed links to the pricing screens. */
export const pricingUrls = {
  originalPriceList: partListUrl(pricingPaths.originalPriceList),
  originalPriceNew: newUrl(pricingPaths.originalPriceNew),
  originalPriceEdit: partEditUrl(pricingPaths.originalPriceEdit),
  discountList: (state: DiscountListUrlState = {}) =>
    withSearch(pricingPaths.discountList, writeUrlState(discountList.shape, new URLSearchParams(), state)),
  discountNew: newUrl(pricingPaths.discountNew),
  discountEdit: (id: string) => generatePath(pricingPaths.discountEdit, { id }),
  depositList: partListUrl(pricingPaths.depositList),
  depositNew: newUrl(pricingPaths.depositNew),
  depositEdit: partEditUrl(pricingPaths.depositEdit),
  ruleList: partListUrl(pricingPaths.ruleList),
  ruleNew: newUrl(pricingPaths.ruleNew),
  ruleEdit: partEditUrl(pricingPaths.ruleEdit),
  /** Where a partner's operation setting (credit card policy, currency) is confirmed. */
  operationSettings: '/setting/general/operations',
};
