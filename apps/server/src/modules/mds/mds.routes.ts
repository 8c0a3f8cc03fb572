import { mdsProviderEndpoints as e, MDS_MEDIA_TYPE } from '@fleetdesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../errors.ts';
import { stringifyWithRaw } from '../../lib/raw-json.ts';
import { route } from '../../lib/route.ts';
import type { AgencyCaller } from './agency-clients.service.ts';
import type { MdsService, NextLink } from './mds.service.ts';

/** The agency the guard put on the request (the guard refuses every Provider request without one). */
function agencyOf(request: FastifyRequest): AgencyCaller {
  if (!request.agency) throw new DomainError('Unauthorized', 401);
  return request.agency;
}

/** The absolute URL of this request's next page: its own query with the new cursor. */
function nextLink(request: FastifyRequest): NextLink {
  return (cursor) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    url.searchParams.set('cursor', cursor);
    return url.toString();
  };
}

type Query = Record<string, unknown>;

/** The MDS 2.0 Provider API (issue 25): agency bearer tokens, answers scoped to the client's partners. */
export function mdsProviderRoutes(app: FastifyInstance, mdsService: MdsService) {
  // Every answer in MDS's media type, whatever the agency accepted. Set once the body is serialised: before,
  // Fastify rewrites a JSON type into its own spelling (`version="2.0"; charset=utf-8`).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config.requires === 'agency' && reply.statusCode < 300) {
      reply.header('content-type', MDS_MEDIA_TYPE);
    }
    return payload;
  });
  const list =
    (read: (agency: AgencyCaller, query: Query, next: NextLink) => Promise<unknown>) =>
    async ({ request }: { request: FastifyRequest }) =>
      (await read(agencyOf(request), request.query as Query, nextLink(request))) as { version: string };
  route(app, e.vehicles, list(mdsService.vehicles));
  route(app, e.vehiclesStatus, list(mdsService.vehicleStatuses));
  route(app, e.trips, async (ctx) => {
    // Each trip's route is GeoJSON text from the database, spliced in unparsed (lib/raw-json.ts).
    ctx.reply.serializer(stringifyWithRaw);
    return list(mdsService.trips)(ctx);
  });
  route(app, e.telemetry, list(mdsService.telemetry));
  route(app, e.eventsHistorical, list(mdsService.eventsHistorical));
  route(app, e.eventsRecent, list(mdsService.eventsRecent));
  route(app, e.vehicle, async ({ request, params }) => mdsService.vehicle(agencyOf(request), params.device_id));
  route(app, e.vehicleStatus, async ({ request, params }) =>
    mdsService.vehicleStatus(agencyOf(request), params.device_id),
  );
}
