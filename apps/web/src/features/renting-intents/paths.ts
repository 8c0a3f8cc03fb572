/**
 * Route patterns of the renting intent list (document 1 §2.3): the B2C menu's "Intent List" and the same screen
 * among the renting order routes.
 */
export const intentPaths = {
  list: '/b2c/renting-intent/list',
  orderIntentList: '/renting/order/intent/list',
} as const;
