import { rentingEndpoints as e, rentingIntentEndpoints as intents } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { attachment } from '../../lib/attachment.ts';
import { route } from '../../lib/route.ts';
import type { RentingIntentService } from './intents.ts';
import type { OrderService } from './orders.service.ts';
import type { RentingService } from './renting.service.ts';

/** B2C renting: the new-order inspection, the orders and the renting intents (document 1 §7.6). */
export function rentingRoutes(
  app: FastifyInstance,
  renting: RentingService,
  orders: OrderService,
  rentingIntents: RentingIntentService,
) {
  route(app, intents.list, ({ caller, query }) => rentingIntents.list(caller, query));
  route(app, intents.get, async ({ caller, params }) => ({ data: await rentingIntents.get(caller, params.id) }));
  route(app, intents.update, async ({ caller, params, body }) => ({
    data: await rentingIntents.update(caller, params.id, body),
  }));
  route(app, e.inspect, async ({ caller, params, body }) => ({
    data: await renting.inspect(caller, params.assetNo, body.customerId),
  }));
  route(app, e.listOrders, ({ caller, query }) => orders.list(caller, query));
  route(app, e.exportOrders, async ({ caller, query, reply }) => {
    const csv = await orders.exportCsv(caller, query);
    reply.type('text/csv; charset=utf-8').header('content-disposition', attachment('orders.csv'));
    return csv;
  });
  route(app, e.getOrder, async ({ caller, params }) => ({ data: await orders.get(caller, params.id) }));
  route(app, e.createOrder, async ({ caller, body }) => ({ data: await orders.create(caller, body) }));
  route(app, e.endOrder, async ({ caller, params, body }) => ({
    data: await orders.end(caller, params.id, body.reason),
  }));
  route(app, e.refundOrExempt, async ({ caller, params, body }) => ({
    data: await orders.refundOrExempt(caller, params.id, body),
  }));
  route(app, e.replaceAsset, async ({ caller, params, body }) => ({
    data: await orders.replaceAsset(caller, params.id, params.assetNo, body),
  }));
  route(app, e.orderAssetRecords, async ({ caller, params }) => ({
    data: await orders.assetRecords(caller, params.id),
  }));
  route(app, e.orderFieldLogs, ({ caller, params, query }) => orders.fieldLogs(caller, params.id, query));
}
