import { rentingIntentEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { RentingIntentService } from './renting-intents.service.ts';

/** Renting intents: customers' appointments to rent, which staff list, reschedule, confirm or cancel. */
export function rentingIntentRoutes(app: FastifyInstance, intents: RentingIntentService) {
  route(app, e.list, ({ caller, query }) => intents.list(caller, query));
  route(app, e.get, async ({ caller, params }) => ({ data: await intents.get(caller, params.id) }));
  route(app, e.update, async ({ caller, params, body }) => ({
    data: await intents.update(caller, params.id, body),
  }));
}
