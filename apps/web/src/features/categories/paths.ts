/** Route patterns of the category screens (document 1 §2.3 "Asset category"). */
export const categoryPaths = {
  list: '/asset/category/list',
  new: '/asset/category/new',
  edit: '/asset/category/:categoryId/edit',
} as const;
