import { rentingEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { RentingService } from './renting.service.ts';

/** B2C renting: the new-order flow's asset inspection (orders follow). */
export function rentingRoutes(app: FastifyInstance, renting: RentingService) {
  route(app, e.inspect, async ({ caller, params, body }) => ({
    data: await renting.inspect(caller, params.assetNo, body.customerId),
  }));
}
