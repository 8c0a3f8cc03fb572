/**
 * Route patterns of the pricing screens (document 1 §2.3 "Original price", "Discount price", "Deposit" and, under
 * partner settings, "Collect-return rules"). The edit routes are the spec's; list and new follow the other screens.
 */
export const pricingPaths = {
  originalPriceList: '/marketing/original-price/list',
  originalPriceNew: '/marketing/original-price/new',
  originalPriceEdit: '/marketing/original-price/partner/:partnerId/category/:assetCategoryId/edit',
  discountList: '/marketing/discount-price/list',
  discountNew: '/marketing/discount-price/new',
  discountEdit: '/marketing/discount-price/:id/edit',
  depositList: '/marketing/deposit/list',
  depositNew: '/marketing/deposit/new',
  depositEdit: '/marketing/deposit/partner/:partnerId/category/:assetCategoryId/edit',
  ruleList: '/setting/partner/collect-return-rule/list',
  ruleNew: '/setting/partner/collect-return-rule/new',
  ruleEdit: '/setting/partner/collect-return-rule/partner/:partnerId/category/:assetCategoryId/edit',
} as const;
