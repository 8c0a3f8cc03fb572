/** Route patterns of the site screens (document 1 §2.3 "Partner settings"). */
export const sitePaths = {
  list: '/setting/partner/site/list',
  new: '/setting/partner/site/new',
  edit: '/setting/partner/site/:siteId/edit',
} as const;
