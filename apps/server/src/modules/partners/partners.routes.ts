import { partnerEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { PartnerService } from './partners.service.ts';

export function partnerRoutes(app: FastifyInstance, partners: PartnerService) {
  route(app, partnerEndpoints.list, ({ caller, query }) => partners.list(caller, query));
  route(app, partnerEndpoints.all, async ({ caller }) => ({ data: await partners.all(caller) }));
  route(app, partnerEndpoints.get, async ({ caller, params }) => ({ data: await partners.get(caller, params.id) }));
  route(app, partnerEndpoints.create, async ({ caller, body }) => ({ data: await partners.create(caller, body) }));
  route(app, partnerEndpoints.update, async ({ caller, params, body }) => ({
    data: await partners.update(caller, params.id, body),
  }));
  route(app, partnerEndpoints.remove, async ({ caller, params }) => {
    await partners.remove(caller, params.id);
    return { data: null };
  });
}
