import { paymentMethodEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { paymentMethodPaths } from './urls.ts';

/**
 * Settings → Partner → Payment methods. Either payment family's permission opens the screens; what a user
 * sees and may set up inside them depends on the family (cards and wallets, or SEPA debit).
 */
export const paymentMethodsRoutes: FeatureRoute[] = [
  {
    path: paymentMethodPaths.list,
    page: () => import('./pages/payment-method-list.page.tsx'),
    meta: { requires: requirementOf(paymentMethodEndpoints.list) },
  },
  {
    path: paymentMethodPaths.new,
    page: () => import('./pages/payment-method-new.page.tsx'),
    meta: { requires: requirementOf(paymentMethodEndpoints.create) },
  },
  {
    path: paymentMethodPaths.edit,
    page: () => import('./pages/payment-method-edit.page.tsx'),
    meta: { requires: requirementOf(paymentMethodEndpoints.update) },
  },
];
