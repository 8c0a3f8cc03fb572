import { rentingEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { RentingService } from './renting.service.ts';

/** B2C renting: the new-order inspection (document 1 §7.6); the orders themselves are `modules/orders`. */
export function rentingRoutes(app: FastifyInstance, renting: RentingService) {
  route(app, e.inspect, async ({ caller, params, body }) => ({
    data: await renting.inspect(caller, params.assetNo, body.customerId),
  }));
}
