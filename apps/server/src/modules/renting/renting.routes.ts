import {
  rentingEndpoints as e,
  rentingIntentEndpoints as intents,
  rentingConfigEndpoints as invoicing,
} from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { attachment } from '../../lib/attachment.ts';
import { route } from '../../lib/route.ts';
import type { RentingIntentService } from './intents.ts';
import type { InvoiceService } from './invoices.ts';
import type { OrderService } from './orders.service.ts';
import type { RentingService } from './renting.service.ts';

/** B2C renting: the new-order inspection, the orders and the renting intents (document 1 §7.6). */
export function rentingRoutes(
  app: FastifyInstance,
  renting: RentingService,
  orders: OrderService,
  rentingIntents: RentingIntentService,
  invoices: InvoiceService,
) {
  route(app, invoicing.get, async () => ({ data: await invoices.config() }));
  route(app, invoicing.enableInvoice, async ({ caller }) => ({ data: await invoices.enable(caller) }));
  route(app, invoicing.disableInvoice, async ({ caller }) => ({ data: await invoices.disable(caller) }));
  route(app, invoicing.findAll, async ({ caller }) => ({ data: await invoices.all(caller) }));
  route(app, invoicing.list, ({ caller, query }) => invoices.list(caller, query));
  route(app, invoicing.getPartner, async ({ caller, params }) => ({
    data: await invoices.get(caller, params.partnerId),
  }));
  route(app, invoicing.create, async ({ caller, body }) => {
    const { partnerId, ...input } = body;
    return { data: await invoices.create(caller, partnerId, input) };
  });
  route(app, invoicing.update, async ({ caller, params, body }) => ({
    data: await invoices.update(caller, params.partnerId, body),
  }));
  route(app, invoicing.remove, async ({ caller, params }) => {
    await invoices.remove(caller, params.partnerId);
    return { data: null };
  });
  route(app, invoicing.orderInvoices, async ({ caller, params, query }) => {
    await orders.assertVisible(caller, params.id);
    return invoices.orderInvoices(params.id, query);
  });
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
