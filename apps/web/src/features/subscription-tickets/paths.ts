/**
 * Route patterns of the B2B service ticket screens (document 1 §2.3 "Subscription service tickets", "Service
 * management"): the partner's tickets (list, new, edit while new, read-only detail) and the workshop's service
 * management (the B2C list views and workbench over the B2B endpoints).
 */
export const subscriptionTicketPaths = {
  list: '/subscription/service/ticket/list',
  new: '/subscription/service/ticket/new',
  edit: '/subscription/service/ticket/:ticketId/edit',
  detail: '/subscription/service/ticket/detail/:ticketId',
  management: {
    list: '/subscription/service-management/list',
    detail: '/subscription/service-management/detail/:ticketId',
  },
} as const;
