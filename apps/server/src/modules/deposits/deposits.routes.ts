import { depositEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { DepositService } from './deposits.service.ts';

/** Deposits: per customer, their transactions, refunds and refund applications (document 1 §7.6). */
export function depositRoutes(app: FastifyInstance, deposits: DepositService) {
  route(app, e.customerDeposits, async ({ caller, params }) => ({
    data: await deposits.customerDeposits(caller, params.customerId),
  }));
  route(app, e.customerOrderSummary, async ({ caller, params }) => ({
    data: await deposits.orderSummary(caller, params.customerId),
  }));
  route(app, e.transactions, ({ caller, query }) => deposits.transactions(caller, query));
  route(app, e.refund, async ({ caller, params, body }) => ({
    data: await deposits.refund(caller, params.customerId, body),
  }));
  route(app, e.applications, ({ caller, query }) => deposits.applications(caller, query));
  route(app, e.approve, async ({ caller, body }) => ({ data: await deposits.approve(caller, body.ids) }));
  route(app, e.cancel, async ({ caller, params, body }) => ({
    data: await deposits.cancel(caller, params.id, body.note),
  }));
}
