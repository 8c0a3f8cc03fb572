import { taxGroupEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { TaxService } from './tax.service.ts';

export function taxRoutes(app: FastifyInstance, tax: TaxService) {
  route(app, taxGroupEndpoints.list, ({ query }) => tax.list(query));
  route(app, taxGroupEndpoints.get, async ({ params }) => ({ data: await tax.get(params.id) }));
  route(app, taxGroupEndpoints.create, async ({ caller, body }) => ({ data: await tax.create(caller, body) }));
  route(app, taxGroupEndpoints.update, async ({ caller, params, body }) => ({
    data: await tax.update(caller, params.id, body),
  }));
  route(app, taxGroupEndpoints.remove, async ({ caller, params }) => {
    await tax.remove(caller, params.id);
    return { data: null };
  });
}
