import { paymentMethodSortKeys, paymentMethodTypes } from '@fleetdesk/contracts';
import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { paymentMethodPaths } from './paths.ts';

/** The list's URL state: one partner, one type, paging and sort (newest first). */
export const paymentMethodList = defineList({
  filters: {
    partnerId: urlParam.string(),
    type: urlParam.optionalOneOf(paymentMethodTypes),
  },
  sortKeys: paymentMethodSortKeys,
  defaultSort: 'createdAt:desc',
});

export type PaymentMethodListUrlState = Partial<UrlStateOf<typeof paymentMethodList.shape>>;

/** Typed links to the payment method screens; a list link can carry filters, paging and sort. */
export const paymentMethodUrls = {
  list: (state: PaymentMethodListUrlState = {}) => {
    const search = writeUrlState(paymentMethodList.shape, new URLSearchParams(), state).toString();
    return `${paymentMethodPaths.list}${search ? `?${search}` : ''}`;
  },
  /** A new method, optionally for a partner chosen already (from the partner overview). */
  new: (partnerId?: string) => `${paymentMethodPaths.new}${partnerId ? `?partnerId=${partnerId}` : ''}`,
  edit: (partnerId: string, paymentMethodId: string) =>
    generatePath(paymentMethodPaths.edit, { partnerId, paymentMethodId }),
};
