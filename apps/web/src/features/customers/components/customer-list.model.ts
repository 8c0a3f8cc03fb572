import type { customerEndpoints, QueryInputOf } from '@fleetdesk/contracts';
import type { UrlStateOf } from '../../../shared/ui/url-state.ts';
import type { customerList } from '../urls.ts';

export type CustomerListQuery = QueryInputOf<typeof customerEndpoints.list>;
export type CustomerExportQuery = QueryInputOf<typeof customerEndpoints.export>;
type CustomerListState = UrlStateOf<typeof customerList.shape>;
type CustomerFilterState = Omit<CustomerListState, 'pageNo' | 'pageSize' | 'sort'>;

const validInstant = (value: string | undefined): value is string =>
  value !== undefined && !Number.isNaN(Date.parse(value));

/**
 * The list's URL filters as the API's filter parameters: a blank search is left out, and the created range is sent
 * only when both ends are readable instants (a hand-edited URL must not make the list fail).
 */
export function customerFilterOf(state: CustomerFilterState): Omit<CustomerExportQuery, 'sort'> {
  const [from, to] = state.created;
  const search = state.search?.trim();
  return {
    ...(search ? { search } : {}),
    ...(state.partnerId ? { partnerId: state.partnerId } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(state.idVerificationStatus ? { idVerificationStatus: state.idVerificationStatus } : {}),
    ...(state.paymentMethodBound ? { paymentMethodBound: state.paymentMethodBound } : {}),
    ...(validInstant(from) && validInstant(to)
      ? { createdFrom: new Date(from).toISOString(), createdTo: new Date(to).toISOString() }
      : {}),
  };
}

/** One page of the list, as the URL describes it. */
export function customerListQueryOf(state: CustomerListState): CustomerListQuery {
  return { pageNo: state.pageNo, pageSize: state.pageSize, sort: state.sort, ...customerFilterOf(state) };
}

/** The export takes the list's filters and sort, but every row rather than a page. */
export function customerExportQueryOf(state: CustomerListState): CustomerExportQuery {
  return { sort: state.sort, ...customerFilterOf(state) };
}

/** Whether any filter narrows the list (the empty state then says "no match" rather than "no customers yet"). */
export function isFiltered(state: CustomerFilterState): boolean {
  return Object.keys(customerFilterOf(state)).length > 0;
}
