import { SUBSCRIPTION_TICKET_PERMISSIONS as p, requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { subscriptionTicketPaths as paths } from './paths.ts';

/** The workshop's screens reach every partner's tickets: the operator (super_user) or a B2B mechanic. */
const workshop = { partnerScope: '*' } as const;

/** B2B Subscription → Service Ticket (the partner's) and Service Management (the workshop's). */
export const subscriptionTicketRoutes: FeatureRoute[] = [
  {
    path: paths.list,
    page: () => import('./pages/ticket-list.page.tsx'),
    meta: {
      requires: requires('support.ticket.read', 'super_user.support.ticket.read', 'app:support.ticket.mechanic'),
    },
  },
  {
    path: paths.new,
    page: () => import('./pages/ticket-new.page.tsx'),
    meta: { requires: requires('support.ticket.create') },
  },
  {
    path: paths.edit,
    page: () => import('./pages/ticket-edit.page.tsx'),
    meta: { requires: requires('support.ticket.update') },
  },
  {
    path: paths.detail,
    page: () => import('./pages/ticket-detail.page.tsx'),
    meta: {
      requires: requires(
        'support.ticket.read_detail',
        'super_user.support.ticket.read_detail',
        'app:support.ticket.mechanic',
      ),
    },
  },
  {
    path: paths.management.list,
    page: () => import('./pages/management-list.page.tsx'),
    meta: { requires: [[p.manageRead], [p.mechanic]], ...workshop },
  },
  {
    path: paths.management.detail,
    page: () => import('./pages/management-detail.page.tsx'),
    meta: { requires: [[p.manageReadDetail], [p.mechanic]], ...workshop },
  },
];
