import { partnerOperationsEndpoints, partnerOverviewEndpoints, signUpConfigEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { PartnerOperationService } from './partner-operations.service.ts';

export function partnerOperationRoutes(app: FastifyInstance, service: PartnerOperationService) {
  const ops = partnerOperationsEndpoints;
  route(app, ops.list, ({ caller, query }) => service.list(caller, query));
  route(app, ops.get, async ({ caller, params }) => ({ data: await service.get(caller, params.partnerId) }));
  route(app, ops.create, async ({ caller, body }) => ({ data: await service.create(caller, body) }));
  route(app, ops.update, async ({ caller, params, body }) => ({
    data: await service.update(caller, params.partnerId, body),
  }));
  route(app, ops.remove, async ({ caller, params }) => {
    await service.remove(caller, params.partnerId);
    return { data: null };
  });

  const signUp = signUpConfigEndpoints;
  route(app, signUp.list, ({ caller, query }) => service.listSignUpConfigs(caller, query));
  route(app, signUp.get, async ({ caller, params }) => ({
    data: await service.getSignUpConfig(caller, params.partnerId),
  }));
  route(app, signUp.update, async ({ caller, params, body }) => ({
    data: await service.updateSignUpConfig(caller, params.partnerId, body),
  }));
  route(app, signUp.create, async ({ caller, body }) => ({
    data: await service.createSignUpConfig(caller, body.partnerId),
  }));

  route(app, partnerOverviewEndpoints.list, ({ caller, query }) => service.overview(caller, query));
}
