import { subscriptionEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { SubscriptionPackageService } from './packages.service.ts';

/** Subscription packages with their plans (document 1 §2.3 "Subscription packages"). */
export function subscriptionPackageRoutes(app: FastifyInstance, packages: SubscriptionPackageService) {
  const e = subscriptionEndpoints;
  route(app, e.packages, ({ caller, query }) => packages.list(caller, query));
  route(app, e.package, async ({ caller, params }) => ({ data: await packages.get(caller, params.id) }));
  route(app, e.createPackage, async ({ caller, body }) => ({ data: await packages.create(caller, body) }));
  route(app, e.updatePackage, async ({ caller, params, body }) => ({
    data: await packages.update(caller, params.id, body),
  }));
  route(app, e.deletePackage, async ({ caller, params }) => {
    await packages.remove(caller, params.id);
    return { data: null };
  });
}
