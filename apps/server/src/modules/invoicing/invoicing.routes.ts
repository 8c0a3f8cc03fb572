import { rentingConfigEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { InvoiceService } from './invoicing.service.ts';

/** Invoicing: the account's switch, each partner's rental config and an order's invoices. */
export function invoicingRoutes(app: FastifyInstance, invoices: InvoiceService) {
  route(app, e.get, async () => ({ data: await invoices.config() }));
  route(app, e.enableInvoice, async ({ caller }) => ({ data: await invoices.enable(caller) }));
  route(app, e.disableInvoice, async ({ caller }) => ({ data: await invoices.disable(caller) }));
  route(app, e.findAll, async ({ caller }) => ({ data: await invoices.all(caller) }));
  route(app, e.list, ({ caller, query }) => invoices.list(caller, query));
  route(app, e.getPartner, async ({ caller, params }) => ({ data: await invoices.get(caller, params.partnerId) }));
  route(app, e.create, async ({ caller, body }) => {
    const { partnerId, ...input } = body;
    return { data: await invoices.create(caller, partnerId, input) };
  });
  route(app, e.update, async ({ caller, params, body }) => ({
    data: await invoices.update(caller, params.partnerId, body),
  }));
  route(app, e.remove, async ({ caller, params }) => {
    await invoices.remove(caller, params.partnerId);
    return { data: null };
  });
  route(app, e.orderInvoices, ({ caller, params, query }) => invoices.orderInvoices(caller, params.id, query));
}
