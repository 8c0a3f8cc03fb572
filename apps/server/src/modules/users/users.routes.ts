import { userEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { UserService } from './users.service.ts';

export function userRoutes(app: FastifyInstance, users: UserService) {
  route(app, userEndpoints.list, ({ caller, query }) => users.list(caller, query));
  route(app, userEndpoints.get, async ({ caller, params }) => ({ data: await users.get(caller, params.id) }));
  route(app, userEndpoints.create, async ({ caller, body }) => ({ data: await users.create(caller, body) }));
  route(app, userEndpoints.update, async ({ caller, params, body }) => ({
    data: await users.update(caller, params.id, body),
  }));
  route(app, userEndpoints.remove, async ({ caller, params }) => {
    await users.remove(caller, params.id);
    return { data: null };
  });
  route(app, userEndpoints.resetPassword, async ({ caller, params }) => ({
    data: await users.resetPassword(caller, params.id),
  }));
}
