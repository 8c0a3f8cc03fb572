import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { orderPaths } from './paths.ts';

/** B2C → Order List: the list, one order's detail and the new-order flow. */
export const orderRoutes: FeatureRoute[] = [
  {
    path: orderPaths.list,
    page: () => import('./pages/order-list.page.tsx'),
    meta: { requires: requires('order.read') },
  },
  {
    path: orderPaths.new,
    page: () => import('./pages/order-new.page.tsx'),
    meta: { requires: [['order.create', 'customer.read']] },
  },
  {
    path: orderPaths.detail,
    page: () => import('./pages/order-detail.page.tsx'),
    meta: { requires: requires('order.read_detail') },
  },
];
