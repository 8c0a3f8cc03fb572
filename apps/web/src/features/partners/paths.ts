/** Route patterns of the partner screens (document 1 §2.3 "General settings"). */
export const partnerPaths = {
  list: '/setting/general/partner/list',
  new: '/setting/general/partner/new',
  edit: '/setting/general/partner/:partnerId/edit',
} as const;
