import { customerTicketSortKeys } from '@fleetdesk/contracts';
import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { urlParam } from '../../shared/ui/url-state.ts';
import type { TicketKindConfig } from '../customer-tickets/ticket-kind.tsx';
import { subscriptionTicketPaths } from './paths.ts';

/** The partner's list: search, status filter, paging and sort in the URL. */
export const partnerTicketList = defineList({
  filters: {
    search: urlParam.string(),
    statusIn: urlParam.list(),
  },
  sortKeys: customerTicketSortKeys,
  defaultSort: 'createdAt:desc',
});

export const subscriptionTicketUrls = {
  list: () => subscriptionTicketPaths.list,
  new: () => subscriptionTicketPaths.new,
  edit: (ticketId: string) => generatePath(subscriptionTicketPaths.edit, { ticketId }),
  detail: (ticketId: string) => generatePath(subscriptionTicketPaths.detail, { ticketId }),
  management: {
    list: () => subscriptionTicketPaths.management.list,
    detail: (ticketId: string) => generatePath(subscriptionTicketPaths.management.detail, { ticketId }),
  },
};

/** The B2B ticket kind of the shared ticket screens: the workshop's list leads to the management workbench. */
export const b2bTicketKind: TicketKindConfig = {
  kind: 'b2b',
  detailUrl: subscriptionTicketUrls.management.detail,
  newUrl: null,
};
