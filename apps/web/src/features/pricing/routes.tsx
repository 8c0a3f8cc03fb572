import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { pricingPaths } from './paths.ts';

/**
 * B2C → Marketing → Original price, Discount price, Deposit (program.read, writing program.write) and Settings →
 * Partner → Collect-return rules (program.rule_part.read and write). New and edit pages need the write permission.
 */
export const pricingRoutes: FeatureRoute[] = [
  {
    path: pricingPaths.originalPriceList,
    page: () => import('./pages/original-price-list.page.tsx'),
    meta: { requires: requires('program.read') },
  },
  {
    path: pricingPaths.originalPriceNew,
    page: () => import('./pages/original-price-new.page.tsx'),
    meta: { requires: requires('program.write') },
  },
  {
    path: pricingPaths.originalPriceEdit,
    page: () => import('./pages/original-price-edit.page.tsx'),
    meta: { requires: requires('program.write') },
  },
  {
    path: pricingPaths.discountList,
    page: () => import('./pages/discount-list.page.tsx'),
    meta: { requires: requires('program.read') },
  },
  {
    path: pricingPaths.discountNew,
    page: () => import('./pages/discount-new.page.tsx'),
    meta: { requires: requires('program.write') },
  },
  {
    path: pricingPaths.discountEdit,
    page: () => import('./pages/discount-edit.page.tsx'),
    meta: { requires: requires('program.write') },
  },
  {
    path: pricingPaths.depositList,
    page: () => import('./pages/deposit-list.page.tsx'),
    meta: { requires: requires('program.read') },
  },
  {
    path: pricingPaths.depositNew,
    page: () => import('./pages/deposit-new.page.tsx'),
    meta: { requires: requires('program.write') },
  },
  {
    path: pricingPaths.depositEdit,
    page: () => import('./pages/deposit-edit.page.tsx'),
    meta: { requires: requires('program.write') },
  },
  {
    path: pricingPaths.ruleList,
    page: () => import('./pages/collect-return-rule-list.page.tsx'),
    meta: { requires: requires('program.rule_part.read') },
  },
  {
    path: pricingPaths.ruleNew,
    page: () => import('./pages/collect-return-rule-new.page.tsx'),
    meta: { requires: requires('program.rule_part.write') },
  },
  {
    path: pricingPaths.ruleEdit,
    page: () => import('./pages/collect-return-rule-edit.page.tsx'),
    meta: { requires: requires('program.rule_part.write') },
  },
];
