import { pricingEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { pricingPaths } from './urls.ts';

/**
 * B2C → Marketing → Original price, Discount price, Deposit (program.read, writing program.write) and Settings →
 * Partner → Collect-return rules (program.rule_part.read and write). New and edit pages need the write permission.
 */
export const pricingRoutes: FeatureRoute[] = [
  {
    path: pricingPaths.originalPriceList,
    page: () => import('./pages/original-price-list.page.tsx'),
    meta: { requires: requirementOf(pricingEndpoints.pricingParts) },
  },
  {
    path: pricingPaths.originalPriceNew,
    page: () => import('./pages/original-price-new.page.tsx'),
    meta: { requires: requirementOf(pricingEndpoints.pricingPart.create) },
  },
  {
    path: pricingPaths.originalPriceEdit,
    page: () => import('./pages/original-price-edit.page.tsx'),
    meta: { requires: requirementOf(pricingEndpoints.pricingPart.replace) },
  },
  {
    path: pricingPaths.discountList,
    page: () => import('./pages/discount-list.page.tsx'),
    meta: { requires: requirementOf(pricingEndpoints.discounts) },
  },
  {
    path: pricingPaths.discountNew,
    page: () => import('./pages/discount-new.page.tsx'),
    meta: { requires: requirementOf(pricingEndpoints.createDiscount) },
  },
  {
    path: pricingPaths.discountEdit,
    page: () => import('./pages/discount-edit.page.tsx'),
    meta: { requires: requirementOf(pricingEndpoints.updateDiscount) },
  },
  {
    path: pricingPaths.depositList,
    page: () => import('./pages/deposit-list.page.tsx'),
    meta: { requires: requirementOf(pricingEndpoints.depositParts) },
  },
  {
    path: pricingPaths.depositNew,
    page: () => import('./pages/deposit-new.page.tsx'),
    meta: { requires: requirementOf(pricingEndpoints.depositPart.create) },
  },
  {
    path: pricingPaths.depositEdit,
    page: () => import('./pages/deposit-edit.page.tsx'),
    meta: { requires: requirementOf(pricingEndpoints.depositPart.replace) },
  },
  {
    path: pricingPaths.ruleList,
    page: () => import('./pages/collect-return-rule-list.page.tsx'),
    meta: { requires: requirementOf(pricingEndpoints.ruleParts) },
  },
  {
    path: pricingPaths.ruleNew,
    page: () => import('./pages/collect-return-rule-new.page.tsx'),
    meta: { requires: requirementOf(pricingEndpoints.rulePart.create) },
  },
  {
    path: pricingPaths.ruleEdit,
    page: () => import('./pages/collect-return-rule-edit.page.tsx'),
    meta: { requires: requirementOf(pricingEndpoints.rulePart.replace) },
  },
];
