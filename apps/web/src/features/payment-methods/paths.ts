/** Route patterns of the payment method screens (document 1 §2.3 "Partner payment methods"). */
export const paymentMethodPaths = {
  list: '/setting/partner/payment-method/list',
  new: '/setting/partner/payment-method/new',
  edit: '/setting/partner/:partnerId/payment-method/:paymentMethodId/edit',
} as const;
