import {
  customerTicketSortKeys,
  customerTicketStatuses,
  type TicketView,
  ticketIssues,
  ticketOperationTypes,
  ticketViews,
} from '@fleetdesk/contracts';
import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { ticketPaths } from './paths.ts';

/**
 * The ticket list's URL state: the view (tab), the search, the filters of issue 22 (status, mechanic, centre,
 * partner, issue, operation type, created range), paging and sort — a link reproduces the screen.
 */
export const ticketList = defineList({
  filters: {
    search: urlParam.string(),
    statusIn: urlParam.list(),
    mechanicUserId: urlParam.string(),
    centerSiteIdIn: urlParam.list(),
    partnerIdIn: urlParam.list(),
    issue: urlParam.optionalOneOf(ticketIssues),
    operationType: urlParam.optionalOneOf(ticketOperationTypes),
    /** Two ISO instants (RangeFilterItem): created from, to. */
    created: urlParam.list(),
  },
  sortKeys: customerTicketSortKeys,
  defaultSort: 'createdAt:desc',
});
export type TicketListUrlState = Partial<UrlStateOf<typeof ticketList.shape>> & { view?: TicketView };

/**
 * The list view (tab) sits beside the filters, not among them: "Reset" clears the filters and keeps the tab, and a
 * tab is not counted as a filter on a phone. Changing it starts again at page 1.
 */
export const ticketViewScreen = {
  view: urlParam.oneOf(ticketViews, 'all'),
  pageNo: urlParam.integer(1, { min: 1 }),
};

/** Statuses a hand-written URL may name (others are dropped before the list is asked). */
export const knownStatuses: ReadonlySet<string> = new Set(customerTicketStatuses);

export const ticketDialogs = ['pause', 'fail', 'finish', 'exemptOrRefund', 'startChecklist', 'checkIn'] as const;
export type TicketDialog = (typeof ticketDialogs)[number];

/** The detail's open dialog, in the URL so a reload (a tablet going to sleep) opens it again. */
export const ticketDetailScreen = {
  dialog: urlParam.optionalOneOf(ticketDialogs),
  /** The draft record the record form goes on with (absent: a new record). */
  recordId: urlParam.string(),
};

/** Typed links to the ticket screens; a list link can carry a view and filters. */
export const ticketUrls = {
  list: ({ view, ...state }: TicketListUrlState = {}) => {
    const filters = writeUrlState(ticketList.shape, new URLSearchParams(), state);
    const search = writeUrlState(ticketViewScreen, filters, view ? { view } : {}).toString();
    return `${ticketPaths.list}${search ? `?${search}` : ''}`;
  },
  detail: (ticketId: string, dialog?: TicketDialog) =>
    `${generatePath(ticketPaths.detail, { ticketId })}${dialog ? `?dialog=${dialog}` : ''}`,
  /** A reminder of the log centre opens the new ticket with its asset filled in. */
  new: (assetNo?: string) => (assetNo ? `${ticketPaths.new}?${new URLSearchParams({ assetNo })}` : ticketPaths.new),
};
