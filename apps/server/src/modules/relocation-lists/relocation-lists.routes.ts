import { relocationListEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { createRelocationListService } from './relocation-lists.service.ts';

/** Relocation (collection) lists: the console reads them, the operation app collects and launches. */
export function relocationListRoutes(app: FastifyInstance, deps: { db: Db }) {
  const lists = createRelocationListService(deps);
  route(app, e.list, ({ caller, query }) => lists.list(caller, query));
  route(app, e.sites, async ({ caller }) => ({ data: await lists.sites(caller) }));
  route(app, e.get, async ({ caller, params }) => ({ data: await lists.get(caller, params.id) }));
  route(app, e.collect, async ({ caller, body }) => ({ data: await lists.collect(caller, body) }));
  route(app, e.launch, async ({ caller, params, body }) => ({ data: await lists.launch(caller, params.id, body) }));
}
