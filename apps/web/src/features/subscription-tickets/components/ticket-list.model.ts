import { type CustomerTicketStatus, customerTicketStatuses } from '@fleetdesk/contracts';
import type { UrlStateOf } from '../../../shared/ui/url-state.ts';
import type { PartnerTicketListQuery } from '../api.ts';
import type { partnerTicketList } from '../urls.ts';

type PartnerListState = UrlStateOf<typeof partnerTicketList.shape>;
const known: ReadonlySet<string> = new Set(customerTicketStatuses);

/** The URL's state as the partner's list query (view "all"): blank search and unknown statuses left out. */
export function partnerListQueryOf(state: PartnerListState): PartnerTicketListQuery {
  const search = state.search?.trim();
  const statusIn = state.statusIn.filter((s): s is CustomerTicketStatus => known.has(s));
  return {
    view: 'all',
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    sort: state.sort,
    ...(search ? { search } : {}),
    ...(statusIn.length > 0 ? { statusIn } : {}),
  };
}

/** Whether a filter narrows the list (the empty state then says "no match"). */
export const isFiltered = (query: PartnerTicketListQuery) =>
  Boolean(query.search) || (Array.isArray(query.statusIn) && query.statusIn.length > 0);
