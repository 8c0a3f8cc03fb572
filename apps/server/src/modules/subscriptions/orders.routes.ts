import { subscriptionEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { attachment } from '../../lib/attachment.ts';
import { route } from '../../lib/route.ts';
import type { SubscriptionOrderService } from './orders.service.ts';

/** Subscription orders: lists, the order with its assets, periods and trades, and its actions. */
export function subscriptionOrderRoutes(app: FastifyInstance, orders: SubscriptionOrderService) {
  route(app, e.orders, ({ caller, query }) => orders.list(caller, query));
  route(app, e.managementOrders, ({ caller, query }) => orders.managementList(caller, query));
  route(app, e.order, async ({ caller, params }) => ({ data: await orders.get(caller, params.id) }));
  route(app, e.orderAssets, ({ caller, params, query }) => orders.assets(caller, params.id, query));
  route(app, e.periods, ({ caller, params, query }) => orders.periods(caller, params.id, query));
  route(app, e.trades, ({ caller, params, query }) => orders.trades(caller, params.id, query));
  route(app, e.exportTrades, async ({ caller, params, query, reply }) => {
    const { csv, filename } = await orders.exportTrades(caller, params.id, query);
    reply.type('text/csv; charset=utf-8').header('content-disposition', attachment(filename));
    return csv;
  });
  route(app, e.subscribableAssets, ({ caller, query }) => orders.subscribable(caller, query));
  route(app, e.createOrder, ({ caller, body }) => orders.create(caller, body));
  route(app, e.updateOrder, ({ caller, params, body }) => orders.update(caller, params.id, body));
  route(app, e.changePlan, ({ caller, params, body }) => orders.changePlan(caller, params.id, body.planId));
  route(app, e.changeAssets, ({ caller, params, body }) => orders.changeAssets(caller, params.id, body.assetNos));
  route(app, e.unsubscribe, ({ caller, params }) => orders.unsubscribe(caller, params.id));
  route(app, e.payoff, ({ caller, params }) => orders.payoff(caller, params.id));
  route(app, e.forceClose, ({ caller, params }) => orders.forceClose(caller, params.id));
  route(app, e.exemptRefund, ({ caller, params, body }) => orders.exemptRefund(caller, params.id, body));
}
