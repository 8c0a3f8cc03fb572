/** Route patterns of the B2C service ticket screens (document 1 §2.3 "B2C service tickets"). */
export const ticketPaths = {
  list: '/b2c/service/ticket/list',
  new: '/b2c/service/ticket/new',
  detail: '/b2c/service/ticket/detail/:ticketId',
} as const;
