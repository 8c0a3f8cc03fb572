import { tripEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { attachment } from '../../lib/attachment.ts';
import { route } from '../../lib/route.ts';
import { createTripService } from './trips.service.ts';

/** Asset trips and trails (document 1 §2.5): the list, one route, several routes, one asset's trail, export. */
export function tripRoutes(app: FastifyInstance, deps: { db: Db }) {
  const trips = createTripService(deps);
  route(app, e.list, async ({ caller, query }) => trips.list(caller, query));
  route(app, e.export, async ({ caller, body, reply }) => {
    const csv = await trips.exportCsv(caller, body);
    reply.type('text/csv; charset=utf-8').header('content-disposition', attachment('trips.csv'));
    return csv;
  });
  route(app, e.routes, async ({ caller, query }) => ({ data: await trips.routes(caller, query.ids) }));
  route(app, e.trail, async ({ caller, query }) => ({ data: await trips.trail(caller, query) }));
  route(app, e.get, async ({ caller, params }) => ({ data: await trips.get(caller, params.id) }));
}
