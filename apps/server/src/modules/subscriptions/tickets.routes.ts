import { subscriptionTicketEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { FileStorage } from '../../adapters/storage.ts';
import { route } from '../../lib/route.ts';
import { receiveAttachment } from '../checklist-records/record-uploads.ts';
import type { CustomerTicketListService } from '../customer-tickets/customer-ticket-lists.service.ts';
import { ticketEngineRoutes } from '../customer-tickets/customer-tickets.routes.ts';
import type { SubscriptionTicketService } from './tickets.service.ts';

/** B2B service tickets: the partner's report and edits, the workshop's actions, the operator's fee decisions. */
export function subscriptionTicketRoutes(
  app: FastifyInstance,
  tickets: SubscriptionTicketService,
  lists: CustomerTicketListService,
  storage: FileStorage,
) {
  ticketEngineRoutes(app, e, tickets);
  route(app, e.list, ({ caller, query }) => lists.list(caller, query));
  route(app, e.counts, async ({ caller, query }) => ({ data: await lists.counts(caller, query) }));
  route(app, e.mechanics, async ({ caller, query }) => ({ data: await lists.mechanics(caller, query.partnerId) }));
  route(app, e.inspectAsset, async ({ caller, body }) => ({ data: await tickets.inspectAsset(caller, body) }));
  route(app, e.create, async ({ caller, body }) => ({ data: await tickets.create(caller, body) }));
  route(app, e.update, async ({ caller, params, body }) => ({ data: await tickets.update(caller, params.id, body) }));
  route(app, e.delete, async ({ caller, params }) => {
    await tickets.remove(caller, params.id);
    return { data: null };
  });
  route(app, e.addPhoto, async ({ caller, params, request }) => {
    await tickets.checkPhoto(caller, params.id);
    const file = await receiveAttachment(request, storage, 'ticket-photos');
    return { data: await tickets.addPhoto(caller, params.id, file) };
  });
  route(app, e.photoFile, async ({ caller, params, reply }) => {
    const { row, stream } = await tickets.photoFile(caller, params.id, params.photoId);
    reply
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-length', row.sizeBytes)
      .type(row.contentType);
    return reply.send(stream);
  });
  route(app, e.deletePhoto, async ({ caller, params }) => ({
    data: await tickets.deletePhoto(caller, params.id, params.photoId),
  }));
  route(app, e.checkIn, async ({ caller, params, body }) => ({
    data: await tickets.checkIn(caller, params.id, body.centerSiteId),
  }));
  route(app, e.editCharge, async ({ caller, params, body }) => ({
    data: await tickets.editCharge(caller, params.id, body),
  }));
  route(app, e.exemptOrRefund, async ({ caller, params, body }) => ({
    data: await tickets.exemptOrRefund(caller, params.id, body),
  }));
}
