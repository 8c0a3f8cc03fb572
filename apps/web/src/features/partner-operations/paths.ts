/** Route patterns of the partner operations screens and the partner settings overview (document 1 §2.3). */
export const partnerOperationsPaths = {
  overview: '/setting/partner/overview',
  list: '/setting/partner/operations/list',
  new: '/setting/partner/operations/new',
  edit: '/setting/partner/operations/partner/:partnerId/edit',
} as const;
