import { customerTicketEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { attachment } from '../../lib/attachment.ts';
import { route } from '../../lib/route.ts';
import type { CustomerTicketListService } from './customer-ticket-lists.service.ts';

/** Service ticket lists: a view's page with its count, every view's count, the CSV export, the mechanics picker. */
export function customerTicketListRoutes(app: FastifyInstance, lists: CustomerTicketListService) {
  route(app, e.list, ({ caller, query }) => lists.list(caller, query));
  route(app, e.counts, async ({ caller, query }) => ({ data: await lists.counts(caller, query) }));
  route(app, e.export, async ({ caller, query, reply }) => {
    const csv = await lists.exportCsv(caller, query);
    reply.type('text/csv; charset=utf-8').header('content-disposition', attachment('service-tickets.csv'));
    return csv;
  });
  route(app, e.mechanics, async ({ caller, query }) => ({ data: await lists.mechanics(caller, query.partnerId) }));
}
