import { customerEndpoints, depositEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { customerPaths } from './urls.ts';

/** B2C → Customer: the list (with its create drawer), one customer's detail and their deposit transactions. */
export const customerRoutes: FeatureRoute[] = [
  {
    path: customerPaths.list,
    page: () => import('./pages/customer-list.page.tsx'),
    meta: { requires: requirementOf(customerEndpoints.list) },
  },
  {
    path: customerPaths.detail,
    page: () => import('./pages/customer-detail.page.tsx'),
    meta: { requires: requirementOf(customerEndpoints.get) },
  },
  {
    path: customerPaths.transactions,
    page: () => import('./pages/customer-transactions.page.tsx'),
    meta: { requires: requirementOf(depositEndpoints.transactions) },
  },
];
