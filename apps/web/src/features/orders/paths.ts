/** Route patterns of the renting order screens (document 1 §2.3 "Renting orders"). */
export const orderPaths = {
  list: '/renting/order/list',
  new: '/renting/order/new',
  detail: '/renting/order/detail/:orderId',
} as const;
