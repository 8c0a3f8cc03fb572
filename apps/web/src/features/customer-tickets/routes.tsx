import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { ticketPaths } from './paths.ts';

/** B2C → B2C Service Ticket: the list views, the new ticket and the mechanic's workbench. */
export const customerTicketRoutes: FeatureRoute[] = [
  {
    path: ticketPaths.list,
    page: () => import('./pages/ticket-list.page.tsx'),
    meta: { requires: requires('support.customer_ticket.read') },
  },
  {
    path: ticketPaths.new,
    page: () => import('./pages/ticket-new.page.tsx'),
    meta: { requires: requires('support.customer_ticket.create') },
  },
  {
    path: ticketPaths.detail,
    page: () => import('./pages/ticket-detail.page.tsx'),
    meta: { requires: requires('support.customer_ticket.read_detail') },
  },
];
