/**
 * Route patterns of invoicing: the account's switch (Settings → General) and each partner's invoicing identity,
 * its rental config (Settings → Partner), laid out like the partner operations screens.
 */
export const invoicingPaths = {
  settings: '/setting/general/invoicing',
  list: '/setting/partner/rental-config/list',
  new: '/setting/partner/rental-config/new',
  edit: '/setting/partner/rental-config/partner/:partnerId/edit',
} as const;
