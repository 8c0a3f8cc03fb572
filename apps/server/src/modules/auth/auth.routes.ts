import { authEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(app: FastifyInstance, auth: AuthService) {
  route(app, authEndpoints.login, async ({ body, request }) => ({ data: await auth.login(body, request.ip) }));
  route(app, authEndpoints.sendVerificationCode, async ({ body, request }) => ({
    data: await auth.sendVerificationCode(body.phoneNo, request.ip),
  }));
  route(app, authEndpoints.logout, async ({ caller }) => {
    await auth.logout(caller);
    return { data: null };
  });
}
