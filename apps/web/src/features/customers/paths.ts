/** Route patterns of the customer screens (document 1 §2.3 "Customers"). */
export const customerPaths = {
  list: '/customer/list',
  detail: '/customer/detail/:customerId',
  transactions: '/customer/detail/:customerId/transactions',
} as const;
