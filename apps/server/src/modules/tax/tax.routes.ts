import { taxEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { TaxService } from './tax.service.ts';

export function taxRoutes(app: FastifyInstance, tax: TaxService) {
  route(app, taxEndpoints.list, ({ query }) => tax.list(query));
  route(app, taxEndpoints.get, async ({ params }) => ({ data: await tax.get(params.id) }));
  route(app, taxEndpoints.create, async ({ caller, body }) => ({ data: await tax.create(caller, body) }));
  route(app, taxEndpoints.update, async ({ caller, params, body }) => ({
    data: await tax.update(caller, params.id, body),
  }));
  route(app, taxEndpoints.remove, async ({ caller, params }) => {
    await tax.remove(caller, params.id);
    return { data: null };
  });
}
