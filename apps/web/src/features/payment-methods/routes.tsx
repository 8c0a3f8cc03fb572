import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { paymentMethodPaths } from './paths.ts';

/**
 * Settings → Partner → Payment methods. Either payment family's permission opens the screens; what a user
 * sees and may set up inside them depends on the family (cards and wallets, or SEPA debit).
 */
export const paymentMethodsRoutes: FeatureRoute[] = [
  {
    path: paymentMethodPaths.list,
    page: () => import('./pages/payment-method-list.page.tsx'),
    meta: { requires: requires('partner.payment.credit_card.read', 'partner.payment.direct_debit.read') },
  },
  {
    path: paymentMethodPaths.new,
    page: () => import('./pages/payment-method-new.page.tsx'),
    meta: { requires: requires('partner.payment.credit_card.setup', 'partner.payment.direct_debit.setup') },
  },
  {
    path: paymentMethodPaths.edit,
    page: () => import('./pages/payment-method-edit.page.tsx'),
    meta: { requires: requires('partner.payment.credit_card.setup', 'partner.payment.direct_debit.setup') },
  },
];
