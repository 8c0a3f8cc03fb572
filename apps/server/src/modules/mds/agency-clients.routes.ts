import { agencyClientEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { AgencyClientService } from './agency-clients.service.ts';

/** Staff's side of agency access: list, create (the token shown once) and revoke agency clients. */
export function agencyClientRoutes(app: FastifyInstance, clients: AgencyClientService) {
  route(app, e.list, async ({ caller, query }) => clients.list(caller, query));
  route(app, e.create, async ({ caller, body }) => ({ data: await clients.create(caller, body) }));
  route(app, e.revoke, async ({ caller, params }) => {
    await clients.revoke(caller, params.id);
    return { data: null };
  });
}
