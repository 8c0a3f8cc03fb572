import { paymentEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { PaymentService } from './payments.service.ts';

/**
 * Provider webhooks. The signature covers the exact bytes sent, so this route keeps the body as text instead of
 * letting the JSON parser rebuild it (in a context of its own, so no other route is affected).
 */
export function paymentRoutes(app: FastifyInstance, payments: PaymentService) {
  app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    route(raw, e.webhook, async ({ params, request }) => {
      const signature = request.headers['stripe-signature'];
      return payments.receiveWebhook(
        params.provider,
        typeof request.body === 'string' ? request.body : '',
        Array.isArray(signature) ? signature[0] : signature,
      );
    });
  });
}
