import { rentingEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { attachment } from '../../lib/attachment.ts';
import { route } from '../../lib/route.ts';
import type { OrderService } from './orders.service.ts';

/** Renting orders: the list and export, the detail, a new order, its end, returns, refunds and replacements. */
export function orderRoutes(app: FastifyInstance, orders: OrderService) {
  route(app, e.listOrders, ({ caller, query }) => orders.list(caller, query));
  route(app, e.exportOrders, async ({ caller, query, reply }) => {
    const csv = await orders.exportCsv(caller, query);
    reply.type('text/csv; charset=utf-8').header('content-disposition', attachment('orders.csv'));
    return csv;
  });
  route(app, e.getOrder, async ({ caller, params }) => ({ data: await orders.get(caller, params.id) }));
  route(app, e.createOrder, async ({ caller, body }) => ({ data: await orders.create(caller, body) }));
  route(app, e.endOrder, async ({ caller, params, body }) => ({
    data: await orders.end(caller, params.id, body),
  }));
  route(app, e.refundOrExempt, async ({ caller, params, body }) => ({
    data: await orders.refundOrExempt(caller, params.id, body),
  }));
  route(app, e.returnLease, async ({ caller, params, body }) => ({
    data: await orders.returnLease(caller, params.id, body),
  }));
  route(app, e.confirmReturn, async ({ caller, params, body }) => ({
    data: await orders.confirmReturn(caller, params.id, body.reason),
  }));
  route(app, e.replaceAsset, async ({ caller, params, body }) => ({
    data: await orders.replaceAsset(caller, params.id, params.assetNo, body),
  }));
  route(app, e.orderAssetRecords, async ({ caller, params }) => ({
    data: await orders.assetRecords(caller, params.id),
  }));
  route(app, e.orderFieldLogs, ({ caller, params, query }) => orders.fieldLogs(caller, params.id, query));
}
