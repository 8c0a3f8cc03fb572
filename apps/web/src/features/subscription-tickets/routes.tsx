import { subscriptionTicketEndpoints as e, SUBSCRIPTION_TICKET_PERMISSIONS as p } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { subscriptionTicketPaths as paths } from './urls.ts';

/** The workshop's screens reach every partner's tickets: the operator (super_user) or a B2B mechanic. */
const workshop = { partnerScope: '*' } as const;

/** B2B Subscription → Service Ticket (the partner's) and Service Management (the workshop's). */
export const subscriptionTicketRoutes: FeatureRoute[] = [
  { path: paths.list, page: () => import('./pages/ticket-list.page.tsx'), meta: { requires: requirementOf(e.list) } },
  { path: paths.new, page: () => import('./pages/ticket-new.page.tsx'), meta: { requires: requirementOf(e.create) } },
  {
    path: paths.edit,
    page: () => import('./pages/ticket-edit.page.tsx'),
    meta: { requires: requirementOf(e.update) },
  },
  {
    path: paths.detail,
    page: () => import('./pages/ticket-detail.page.tsx'),
    meta: { requires: requirementOf(e.get) },
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
