import { id, type QueryInputOf, type SubscriptionOrderTab, type subscriptionEndpoints } from '@fleetdesk/contracts';
import type { UrlStateOf } from '../../../shared/ui/url-state.ts';
import type { subscriptionOrderList } from '../urls.ts';

export type SubscriptionOrderListQuery = QueryInputOf<typeof subscriptionEndpoints.orders>;
type ListState = UrlStateOf<typeof subscriptionOrderList.shape>;
export type OrderFilterState = Omit<ListState, 'pageNo' | 'pageSize' | 'sort'>;

const ids = (values: string[]) => values.filter((v) => id.safeParse(v).success);

/**
 * The list's URL filters as the API's: a blank order no is left out and ids that cannot exist (a hand-edited link)
 * are dropped, so the list answers rather than failing with a 400.
 */
export function orderFilterOf(
  state: OrderFilterState,
): Omit<SubscriptionOrderListQuery, 'pageNo' | 'pageSize' | 'sort' | 'tab'> {
  const no = state.no?.trim();
  const partners = ids(state.partnerIdIn);
  const packages = ids(state.packageIdIn);
  return {
    ...(no ? { no } : {}),
    ...(partners.length ? { partnerIdIn: partners } : {}),
    ...(packages.length ? { packageIdIn: packages } : {}),
  };
}

/** One page of one tab, as the URL describes it. */
export function orderListQueryOf(state: ListState, tab: SubscriptionOrderTab): SubscriptionOrderListQuery {
  return { pageNo: state.pageNo, pageSize: state.pageSize, sort: state.sort, tab, ...orderFilterOf(state) };
}

/** Whether a filter narrows the list (the empty state then says "no match" rather than "no orders yet"). */
export function isFiltered(state: OrderFilterState): boolean {
  return Object.keys(orderFilterOf(state)).length > 0;
}
