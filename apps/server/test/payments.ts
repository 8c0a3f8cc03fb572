import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ChargeRequest } from '../src/modules/payments/payments.service.ts';

/** A charge of 25 EUR for a fresh subject and key, paid with the succeeding test card; `over` changes any of it. */
export const chargeRequest = (over: Partial<ChargeRequest> = {}): ChargeRequest => ({
  customerId: null,
  subjectType: 'order-fee',
  subjectId: randomUUID(),
  amount: 25,
  currency: 'EUR',
  paymentMethod: TEST_CARDS.success.token,
  key: `fee-${randomUUID()}`,
  description: 'First rent',
  ...over,
});

/** POSTs a provider's webhook body as the provider would, with its `stripe-signature` header when given. */
export const deliverWebhook = (app: FastifyInstance, provider: string, body: string, signature: string | undefined) =>
  app.inject({
    method: 'POST',
    url: `/api/payments/webhooks/${provider}`,
    payload: body,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
  });
