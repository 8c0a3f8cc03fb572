import { appPermission, satisfies } from '@fleetdesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, forbidden } from '../errors.ts';
import type { Caller } from '../lib/caller.ts';
import type { SessionRow } from '../modules/auth/auth.repo.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
    /** The caller's live row, so the profile route needs no second read. */
    sessionRow?: SessionRow;
  }
}

const unauthorized = () => new DomainError('Unauthorized', 401, 'Sign in to continue');

/**
 * Token → caller, then the route's requirement. Fails closed: a route that declares no requirement is
 * refused (and a test walks the route table so none ships).
 */
/**
 * The MDS Provider routes (`requires: 'agency'`) take an agency client's token: this checks it and marks the
 * request, or throws. Absent → every such route is refused.
 */
export type AgencyGuard = (request: FastifyRequest) => Promise<void>;

export function registerAuth(app: FastifyInstance, auth: AuthService, agencyGuard?: AgencyGuard) {
  // onRequest: before the body is even parsed, so an anonymous caller learns nothing from validation.
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const requires = request.routeOptions.config.requires;
    if (requires === 'public') return;
    if (requires === 'agency') {
      if (!agencyGuard) throw forbidden();
      return agencyGuard(request);
    }
    if (requires === undefined) {
      request.log.error({ url: request.routeOptions.url }, 'route declares no permission requirement');
      throw forbidden();
    }
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer ([A-Za-z0-9_-]{20,200})$/);
    if (!match?.[1]) throw unauthorized();
    const row = await auth.authenticate(match[1]);
    if (!row) throw unauthorized();
    const caller: Caller = {
      userId: row.user_id,
      sessionId: row.session_id,
      username: row.username,
      // App permissions share names with web ones (asset.read on both): the prefix keeps them apart.
      permissions: new Set([...row.permissions, ...row.app_permissions.map(appPermission)]),
      scope: row.all_partners ? '*' : row.partner_ids,
    };
    if (!satisfies(caller.permissions, requires)) throw forbidden();
    request.caller = caller;
    request.sessionRow = row;
  });
}
