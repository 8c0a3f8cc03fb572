import { privateListEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { PrivateListService } from './private-lists.service.ts';

export function privateListRoutes(app: FastifyInstance, lists: PrivateListService) {
  route(app, e.mine, ({ caller, query }) => lists.mine(caller, query));
  route(app, e.list, ({ caller, query }) => lists.list(caller, query));
  route(app, e.create, ({ caller, body }) => lists.create(caller, body));
  route(app, e.userSearch, async ({ caller, query }) => ({ data: await lists.searchUsers(caller, query.q) }));
  route(app, e.get, async ({ caller, params }) => ({ data: await lists.get(caller, params.id) }));
  route(app, e.update, ({ caller, params, body }) => lists.update(caller, params.id, body));
  route(app, e.remove, async ({ caller, params }) => {
    await lists.remove(caller, params.id);
    return { data: null };
  });
  route(app, e.assets, ({ caller, params, query }) => lists.assets(caller, params.id, query));
  route(app, e.removeAssets, ({ caller, params, body }) => lists.removeAssets(caller, params.id, body));
}
