import { id, ORDER_SITES_MAX, type QueryInputOf, type rentingEndpoints } from '@fleetdesk/contracts';
import type { UrlStateOf } from '../../../shared/ui/url-state.ts';
import type { orderList } from '../urls.ts';

export type OrderListQuery = QueryInputOf<typeof rentingEndpoints.listOrders>;
export type OrderExportQuery = QueryInputOf<typeof rentingEndpoints.exportOrders>;
type OrderListState = UrlStateOf<typeof orderList.shape>;
export type OrderFilterState = Omit<OrderListState, 'pageNo' | 'pageSize' | 'sort'>;

const validInstant = (value: string | undefined): value is string =>
  value !== undefined && !Number.isNaN(Date.parse(value));

/** Document 2 §9 "Order search": the later start must not be before the earlier one (an open end always fits). */
export function startRangeValid(from: string | undefined, to: string | undefined): boolean {
  return !validInstant(from) || !validInstant(to) || Date.parse(to) >= Date.parse(from);
}

/** Why the URL's filters cannot be sent as they are (a hand-edited link); the list then leaves those parts out. */
export type OrderFilterProblem = 'startRange' | 'tooManySites';

export function orderFilterProblems(state: OrderFilterState): OrderFilterProblem[] {
  return [
    ...(startRangeValid(state.startFrom, state.startTo) ? [] : (['startRange'] as const)),
    ...(state.rentSiteIdIn.length > ORDER_SITES_MAX ? (['tooManySites'] as const) : []),
  ];
}

/**
 * The list's URL filters as the API's filter parameters: a blank search is left out, and the start range, the rent
 * sites and the customer only when the API would accept them (readable instants in order, at most 100 sites, an id),
 * so a hand-edited URL shows a warning or is ignored rather than failing the list.
 */
export function orderFilterOf(state: OrderFilterState): Omit<OrderExportQuery, 'sort'> {
  const search = state.search?.trim();
  const rangeValid = startRangeValid(state.startFrom, state.startTo);
  const sites = state.rentSiteIdIn.length <= ORDER_SITES_MAX ? state.rentSiteIdIn : [];
  return {
    ...(search ? { search } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(state.leaseStatus ? { leaseStatus: state.leaseStatus } : {}),
    ...(state.partnerId ? { partnerId: state.partnerId } : {}),
    ...(state.assetCategoryId ? { assetCategoryId: state.assetCategoryId } : {}),
    ...(id.safeParse(state.customerId).success ? { customerId: state.customerId } : {}),
    ...(sites.length > 0 ? { rentSiteIdIn: sites } : {}),
    ...(rangeValid && validInstant(state.startFrom) ? { startFrom: new Date(state.startFrom).toISOString() } : {}),
    ...(rangeValid && validInstant(state.startTo) ? { startTo: new Date(state.startTo).toISOString() } : {}),
  };
}

/** One page of the list, as the URL describes it. */
export function orderListQueryOf(state: OrderListState): OrderListQuery {
  return { pageNo: state.pageNo, pageSize: state.pageSize, sort: state.sort, ...orderFilterOf(state) };
}

/** The export takes the list's filters and sort, but every row rather than a page. */
export function orderExportQueryOf(state: OrderListState): OrderExportQuery {
  return { sort: state.sort, ...orderFilterOf(state) };
}

/** Whether any filter narrows the list (the empty state then says "no match" rather than "no orders yet"). */
export function isFiltered(state: OrderFilterState): boolean {
  return Object.keys(orderFilterOf(state)).length > 0;
}
