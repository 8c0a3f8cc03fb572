import { pricingEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { PricingService } from './pricing.service.ts';

/** Rental programs and their parts (original price, deposit, collect-return rule) and discount prices (§7.6). */
export function pricingRoutes(app: FastifyInstance, pricing: PricingService) {
  route(app, e.programs, ({ caller, query }) => pricing.listPrograms(caller, query));
  route(app, e.findProgram, async ({ caller, body }) => ({ data: await pricing.findProgram(caller, body) }));
  route(app, e.pricingParts, ({ caller, query }) => pricing.listParts(caller, 'pricing', query));
  route(app, e.depositParts, ({ caller, query }) => pricing.listParts(caller, 'deposit', query));
  route(app, e.ruleParts, ({ caller, query }) => pricing.listParts(caller, 'rule', query));
  route(app, e.program, async ({ caller, params }) => ({ data: await pricing.getProgram(caller, params.id) }));
  route(app, e.createProgram, async ({ caller, body }) => ({ data: await pricing.createProgram(caller, body) }));
  route(app, e.deleteProgram, async ({ caller, params, query }) => {
    await pricing.deleteProgram(caller, params.id, query.confirmDiscountDeletion === 'true');
    return { data: null };
  });
  // One line per call: the three parts share the service methods, each typed by its kind.
  const { pricingPart: pp, depositPart: dp, rulePart: rp } = e;
  route(app, pp.get, async ({ caller, params }) => ({ data: await pricing.getPart(caller, 'pricing', params) }));
  route(app, dp.get, async ({ caller, params }) => ({ data: await pricing.getPart(caller, 'deposit', params) }));
  route(app, rp.get, async ({ caller, params }) => ({ data: await pricing.getPart(caller, 'rule', params) }));
  route(app, pp.create, async (c) => ({ data: await pricing.createPart(c.caller, 'pricing', c.params, c.body) }));
  route(app, dp.create, async (c) => ({ data: await pricing.createPart(c.caller, 'deposit', c.params, c.body) }));
  route(app, rp.create, async (c) => ({ data: await pricing.createPart(c.caller, 'rule', c.params, c.body) }));
  route(app, pp.replace, async (c) => ({ data: await pricing.replacePart(c.caller, 'pricing', c.params, c.body) }));
  route(app, dp.replace, async (c) => ({ data: await pricing.replacePart(c.caller, 'deposit', c.params, c.body) }));
  route(app, rp.replace, async (c) => ({ data: await pricing.replacePart(c.caller, 'rule', c.params, c.body) }));
  for (const [kind, endpoint] of [
    ['pricing', pp.remove],
    ['deposit', dp.remove],
    ['rule', rp.remove],
  ] as const) {
    route(app, endpoint, async ({ caller, params, query }) => {
      await pricing.removePart(caller, kind, params, query.confirmDiscountDeletion === 'true');
      return { data: null };
    });
  }
  route(app, e.discounts, ({ caller, query }) => pricing.listDiscounts(caller, query));
  route(app, e.discount, async ({ caller, params }) => ({ data: await pricing.getDiscount(caller, params.id) }));
  route(app, e.createDiscount, async ({ caller, body }) => ({ data: await pricing.createDiscount(caller, body) }));
  route(app, e.updateDiscount, async ({ caller, params, body }) => ({
    data: await pricing.updateDiscount(caller, params.id, body),
  }));
  route(app, e.rescheduleDiscount, async ({ caller, params, body }) => ({
    data: await pricing.rescheduleDiscount(caller, params.id, body),
  }));
  route(app, e.cancelDiscount, async ({ caller, params }) => ({
    data: await pricing.cancelDiscount(caller, params.id),
  }));
}
