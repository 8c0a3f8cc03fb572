import { paymentMethodEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { PaymentMethodService } from './payment-methods.service.ts';

export function paymentMethodRoutes(app: FastifyInstance, methods: PaymentMethodService) {
  route(app, paymentMethodEndpoints.list, ({ caller, query }) => methods.list(caller, query));
  route(app, paymentMethodEndpoints.get, async ({ caller, params }) => ({
    data: await methods.get(caller, params.partnerId, params.id),
  }));
  route(app, paymentMethodEndpoints.create, async ({ caller, params, body }) => ({
    data: await methods.create(caller, params.partnerId, body),
  }));
  route(app, paymentMethodEndpoints.update, async ({ caller, params, body }) => ({
    data: await methods.update(caller, params.partnerId, params.id, body),
  }));
  route(app, paymentMethodEndpoints.remove, async ({ caller, params }) => {
    await methods.remove(caller, params.partnerId, params.id);
    return { data: null };
  });
}
