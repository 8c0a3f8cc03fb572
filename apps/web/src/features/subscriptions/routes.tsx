import { subscriptionEndpoints as e } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { subscriptionPaths as paths } from './urls.ts';

const list = () => import('./pages/order-list.page.tsx');
const detail = () => import('./pages/order-detail.page.tsx');
const trades = () => import('./pages/order-trades.page.tsx');
/** Management screens reach every partner's orders: a partner-scoped user sees the partner-scope-mismatch page. */
const everyPartner = { partnerScope: '*' } as const;

/**
 * B2B Subscription → Order and Management. The list, detail and trade pages are shared by both areas (the page reads
 * its area from the path); new and edit belong to management.
 */
export const subscriptionRoutes: FeatureRoute[] = [
  { path: paths.order.list, page: list, meta: { requires: requirementOf(e.orders) } },
  { path: paths.order.detail, page: detail, meta: { requires: requirementOf(e.order) } },
  { path: paths.order.trade, page: trades, meta: { requires: requirementOf(e.trades) } },
  { path: paths.management.list, page: list, meta: { requires: requirementOf(e.managementOrders), ...everyPartner } },
  {
    path: paths.management.new,
    page: () => import('./pages/order-new.page.tsx'),
    meta: { requires: requirementOf(e.createOrder), ...everyPartner },
  },
  {
    path: paths.management.edit,
    page: () => import('./pages/order-edit.page.tsx'),
    meta: { requires: requirementOf(e.updateOrder), ...everyPartner },
  },
  { path: paths.management.detail, page: detail, meta: { requires: requirementOf(e.order), ...everyPartner } },
  { path: paths.management.trade, page: trades, meta: { requires: requirementOf(e.trades), ...everyPartner } },
];
