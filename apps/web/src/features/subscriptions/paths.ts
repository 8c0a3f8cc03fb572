/**
 * Route patterns of the B2B subscription order screens (document 1 §2.3 "Subscription orders", "Subscription
 * management"). The management area shows every partner's orders to staff whose scope is all, and holds new and
 * edit; its detail and trade list are the order area's pages under its own paths, so links stay in the area.
 */
export const subscriptionPaths = {
  order: {
    list: '/subscription/order/list',
    detail: '/subscription/order/detail/:subscriptionOrderId',
    trade: '/subscription/order/trade/:subscriptionOrderId',
  },
  management: {
    list: '/subscription/management/list',
    new: '/subscription/management/new',
    edit: '/subscription/management/:subscriptionOrderId/edit',
    detail: '/subscription/management/detail/:subscriptionOrderId',
    trade: '/subscription/management/trade/:subscriptionOrderId',
  },
} as const;
