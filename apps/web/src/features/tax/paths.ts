/** Route patterns of the tax group screens (document 1 §2.3 "Tax groups"). */
export const taxGroupPaths = {
  list: '/setting/general/tax-group/list',
  new: '/setting/general/tax-group/new',
  edit: '/setting/general/tax-group/edit/:taxGroupId',
} as const;
