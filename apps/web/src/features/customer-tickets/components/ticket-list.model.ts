import {
  type CustomerTicketStatus,
  type customerTicketEndpoints,
  id,
  type QueryInputOf,
  type TicketView,
} from '@fleetdesk/contracts';
import type { UrlStateOf } from '../../../shared/ui/url-state.ts';
import { knownStatuses, type ticketList } from '../urls.ts';

export type TicketListQuery = QueryInputOf<typeof customerTicketEndpoints.list>;
export type TicketCountsQuery = QueryInputOf<typeof customerTicketEndpoints.counts>;
export type TicketExportQuery = QueryInputOf<typeof customerTicketEndpoints.export>;
type TicketListState = UrlStateOf<typeof ticketList.shape>;
export type TicketFilterState = Omit<TicketListState, 'pageNo' | 'pageSize' | 'sort'>;

/** The API takes at most 100 ids per list filter (contracts idListQuery). */
const ID_LIST_MAX = 100;

const validInstant = (value: string | undefined): value is string =>
  value !== undefined && !Number.isNaN(Date.parse(value));

/** Document 2 §5 "Date ranges": the start before the end (an open end always fits). */
export function createdRangeValid(from: string | undefined, to: string | undefined): boolean {
  return !validInstant(from) || !validInstant(to) || Date.parse(to) > Date.parse(from);
}

const ids = (values: string[]) => {
  const valid = values.filter((v) => id.safeParse(v).success);
  return valid.length > 0 && valid.length <= ID_LIST_MAX ? valid : undefined;
};

/**
 * The URL's filters as the API's: blanks and empty lists left out (document 1 §7.9), unknown statuses and ids that
 * cannot exist dropped, the created range only when it is in order — so a hand-edited link narrows less instead of
 * failing the list. The counts take exactly these filters, so the tabs' badges match what each tab lists.
 */
export function ticketFilterOf(state: TicketFilterState): TicketCountsQuery {
  const search = state.search?.trim();
  const statusIn = state.statusIn.filter((s): s is CustomerTicketStatus => knownStatuses.has(s));
  const centers = ids(state.centerSiteIdIn);
  const partners = ids(state.partnerIdIn);
  const [createdFrom, createdTo] = state.created.length === 2 ? state.created : [];
  const rangeValid = createdRangeValid(createdFrom, createdTo);
  return {
    ...(search ? { search } : {}),
    ...(statusIn.length > 0 ? { statusIn } : {}),
    ...(id.safeParse(state.mechanicUserId).success ? { mechanicUserId: state.mechanicUserId } : {}),
    ...(centers ? { centerSiteIdIn: centers } : {}),
    ...(partners ? { partnerIdIn: partners } : {}),
    ...(state.issue ? { issue: state.issue } : {}),
    ...(state.operationType ? { operationType: state.operationType } : {}),
    ...(rangeValid && validInstant(createdFrom) ? { createdFrom: new Date(createdFrom).toISOString() } : {}),
    ...(rangeValid && validInstant(createdTo) ? { createdTo: new Date(createdTo).toISOString() } : {}),
  };
}

/** One page of one view, as the URL describes it. */
export function ticketListQueryOf(state: TicketListState, view: TicketView): TicketListQuery {
  return { view, pageNo: state.pageNo, pageSize: state.pageSize, sort: state.sort, ...ticketFilterOf(state) };
}

/** The export: the view's tickets under the same filters and sort, every row rather than a page. */
export function ticketExportQueryOf(state: TicketListState, view: TicketView): TicketExportQuery {
  return { view, sort: state.sort, ...ticketFilterOf(state) };
}

/** Whether any filter narrows the list (the empty state then says "no match" rather than "no tickets"). */
export function isFiltered(state: TicketFilterState): boolean {
  return Object.keys(ticketFilterOf(state)).length > 0;
}
