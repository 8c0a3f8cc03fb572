import { roleEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { RoleService } from './roles.service.ts';

export function roleRoutes(app: FastifyInstance, roles: RoleService) {
  route(app, roleEndpoints.list, ({ caller, query }) => roles.list(caller, query));
  route(app, roleEndpoints.get, async ({ caller, params }) => ({ data: await roles.get(caller, params.id) }));
  route(app, roleEndpoints.users, ({ caller, params }) => roles.users(caller, params.id));
  route(app, roleEndpoints.create, async ({ caller, body }) => ({ data: await roles.create(caller, body) }));
  route(app, roleEndpoints.update, async ({ caller, params, body }) => ({
    data: await roles.update(caller, params.id, body),
  }));
  route(app, roleEndpoints.remove, async ({ caller, params }) => {
    await roles.remove(caller, params.id);
    return { data: null };
  });
}
