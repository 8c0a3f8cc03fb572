import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { subscriptionPaths as paths } from './paths.ts';

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
  { path: paths.order.list, page: list, meta: { requires: requires('asset_subscription.order.read') } },
  { path: paths.order.detail, page: detail, meta: { requires: requires('asset_subscription.order.read_detail') } },
  { path: paths.order.trade, page: trades, meta: { requires: requires('asset_subscription.order.read_detail') } },
  {
    path: paths.management.list,
    page: list,
    meta: { requires: requires('asset_subscription.order.manage'), ...everyPartner },
  },
  {
    path: paths.management.new,
    page: () => import('./pages/order-new.page.tsx'),
    meta: { requires: requires('asset_subscription.order.create'), ...everyPartner },
  },
  {
    path: paths.management.edit,
    page: () => import('./pages/order-edit.page.tsx'),
    meta: { requires: requires('asset_subscription.order.update'), ...everyPartner },
  },
  {
    path: paths.management.detail,
    page: detail,
    meta: { requires: requires('asset_subscription.order.read_detail'), ...everyPartner },
  },
  {
    path: paths.management.trade,
    page: trades,
    meta: { requires: requires('asset_subscription.order.read_detail'), ...everyPartner },
  },
];
