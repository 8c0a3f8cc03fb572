import { depositRefundApplicationStatuses, depositRefundStatuses } from '@fleetdesk/contracts';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { depositPaths } from './paths.ts';

/**
 * The refund application list's URL state: status, refund status, partner, the applied range (two ISO instants) and
 * paging. The server always lists waiting applications first, newest first; there is no other order to choose.
 */
export const refundApplicationList = defineList({
  filters: {
    status: urlParam.optionalOneOf(depositRefundApplicationStatuses),
    refundStatus: urlParam.optionalOneOf(depositRefundStatuses),
    partnerId: urlParam.string(),
    applied: urlParam.list(),
  },
  sortKeys: ['createdAt'] as const,
});

export type RefundApplicationListUrlState = Partial<UrlStateOf<typeof refundApplicationList.shape>>;

/** Typed links to the deposit screens; the list link can carry filters and paging. */
export const depositUrls = {
  applications: (state: RefundApplicationListUrlState = {}) => {
    const search = writeUrlState(refundApplicationList.shape, new URLSearchParams(), state).toString();
    return `${depositPaths.applications}${search ? `?${search}` : ''}`;
  },
};
