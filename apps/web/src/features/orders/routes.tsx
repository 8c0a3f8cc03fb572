import { rentingEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { orderPaths } from './urls.ts';

/** B2C → Order List: the list, one order's detail and the new-order flow. */
export const orderRoutes: FeatureRoute[] = [
  {
    path: orderPaths.list,
    page: () => import('./pages/order-list.page.tsx'),
    meta: { requires: requirementOf(rentingEndpoints.listOrders) },
  },
  {
    path: orderPaths.new,
    page: () => import('./pages/order-new.page.tsx'),
    meta: { requires: requirementOf(rentingEndpoints.createOrder) },
  },
  {
    path: orderPaths.detail,
    page: () => import('./pages/order-detail.page.tsx'),
    meta: { requires: requirementOf(rentingEndpoints.getOrder) },
  },
];
