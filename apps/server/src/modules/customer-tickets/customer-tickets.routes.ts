import { type customerTicketEndpoints, customerTicketEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { CustomerTicketService } from './customer-tickets.service.ts';

/** The calls both kinds share, with the same shapes (the engine's work on one ticket). */
type EngineKey =
  | 'get'
  | 'comment'
  | 'checkInNote'
  | 'start'
  | 'pause'
  | 'resume'
  | 'finish'
  | 'complete'
  | 'fail'
  | 'assign'
  | 'excludeRecord';

/** The engine's routes for one kind's endpoint set: reading, the mechanic's edits and the status actions. */
export function ticketEngineRoutes(
  app: FastifyInstance,
  e: Pick<typeof customerTicketEndpoints, EngineKey>,
  tickets: Pick<CustomerTicketService, EngineKey>,
) {
  route(app, e.get, async ({ caller, params }) => ({ data: await tickets.get(caller, params.id) }));
  route(app, e.comment, async ({ caller, params, body }) => ({
    data: await tickets.comment(caller, params.id, body.comment),
  }));
  route(app, e.checkInNote, async ({ caller, params, body }) => ({
    data: await tickets.checkInNote(caller, params.id, body.checkInNote),
  }));
  route(app, e.start, async ({ caller, params }) => ({ data: await tickets.start(caller, params.id) }));
  route(app, e.pause, async ({ caller, params, body }) => ({ data: await tickets.pause(caller, params.id, body) }));
  route(app, e.resume, async ({ caller, params }) => ({ data: await tickets.resume(caller, params.id) }));
  route(app, e.finish, async ({ caller, params }) => ({ data: await tickets.finish(caller, params.id) }));
  route(app, e.complete, async ({ caller, params }) => ({ data: await tickets.complete(caller, params.id) }));
  route(app, e.fail, async ({ caller, params, body }) => ({
    data: await tickets.fail(caller, params.id, body.reason),
  }));
  route(app, e.assign, async ({ caller, params, body }) => ({
    data: await tickets.assign(caller, params.id, body.mechanicUserId),
  }));
  route(app, e.excludeRecord, async ({ caller, params }) => ({
    data: await tickets.excludeRecord(caller, params.id, params.recordId),
  }));
}

/** B2C service tickets: open one, the engine's calls, the contact info, money and the invoice. */
export function customerTicketRoutes(app: FastifyInstance, tickets: CustomerTicketService) {
  ticketEngineRoutes(app, e, tickets);
  route(app, e.inspectAsset, async ({ caller, body }) => ({ data: await tickets.inspectAsset(caller, body) }));
  route(app, e.create, async ({ caller, body }) => ({ data: await tickets.create(caller, body) }));
  route(app, e.contactInfo, async ({ caller, params, body }) => ({
    data: await tickets.contactInfo(caller, params.id, body),
  }));
  route(app, e.checkIn, async ({ caller, params }) => ({ data: await tickets.checkIn(caller, params.id) }));
  route(app, e.charge, async ({ caller, params }) => ({ data: await tickets.charge(caller, params.id) }));
  route(app, e.exemptOrRefund, async ({ caller, params, body }) => ({
    data: await tickets.exemptOrRefund(caller, params.id, body),
  }));
  route(app, e.sendInvoice, async ({ caller, params }) => ({ data: await tickets.sendInvoice(caller, params.id) }));
}
