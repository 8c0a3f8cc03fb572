import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { customerPaths } from './paths.ts';

/** B2C → Customer: the list (with its create drawer), one customer's detail and their deposit transactions. */
export const customerRoutes: FeatureRoute[] = [
  {
    path: customerPaths.list,
    page: () => import('./pages/customer-list.page.tsx'),
    meta: { requires: requires('customer.read') },
  },
  {
    path: customerPaths.detail,
    page: () => import('./pages/customer-detail.page.tsx'),
    meta: { requires: requires('customer.read') },
  },
  {
    path: customerPaths.transactions,
    page: () => import('./pages/customer-transactions.page.tsx'),
    meta: { requires: requires('customer.read_detail') },
  },
];
