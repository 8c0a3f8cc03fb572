import { customerEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { customerPaths } from './urls.ts';

/** B2C → Customer: the list (with its create drawer) and one customer's detail. */
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
];
