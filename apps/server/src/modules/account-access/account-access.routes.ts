import { accessRequestEndpoints, passwordResetEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { AccessRequestService } from './access-requests.service.ts';
import type { PasswordResetService } from './password-resets.service.ts';

export function accountAccessRoutes(
  app: FastifyInstance,
  services: { passwordResets: PasswordResetService; accessRequests: AccessRequestService },
) {
  const { passwordResets, accessRequests } = services;
  route(app, passwordResetEndpoints.request, async ({ body, request }) => {
    await passwordResets.request(body.email, request.ip);
    return { data: null };
  });
  route(app, passwordResetEndpoints.reset, async ({ body }) => {
    await passwordResets.reset(body);
    return { data: null };
  });
  route(app, accessRequestEndpoints.create, async ({ body, request }) => {
    await accessRequests.create(body, request.ip);
    return { data: null };
  });
  route(app, accessRequestEndpoints.list, ({ query }) => accessRequests.list(query));
  route(app, accessRequestEndpoints.approve, async ({ caller, params, body }) => ({
    data: await accessRequests.approve(caller, params.id, body),
  }));
  route(app, accessRequestEndpoints.decline, async ({ caller, params, body }) => ({
    data: await accessRequests.decline(caller, params.id, body),
  }));
}
