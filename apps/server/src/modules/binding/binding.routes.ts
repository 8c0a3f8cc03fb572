import { bindingEndpoints, oidcEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { ContactChangeService } from './contact-changes.service.ts';
import type { OidcService } from './oidc.service.ts';

export function bindingRoutes(app: FastifyInstance, s: { oidc: OidcService; contactChanges: ContactChangeService }) {
  const { oidc, contactChanges } = s;
  route(app, oidcEndpoints.config, async () => ({ data: oidc.info() }));
  route(app, oidcEndpoints.start, async ({ body, request }) => ({
    data: await oidc.start(body.rememberMe ?? false, request.ip),
  }));
  route(app, oidcEndpoints.callback, async ({ query, request, reply }) => {
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    // The redirect carries a one-time code: no cache may keep it.
    return reply.header('cache-control', 'no-store').redirect(await oidc.callback(query, search), 302);
  });
  route(app, oidcEndpoints.exchange, async ({ body }) => ({ data: await oidc.exchange(body.code) }));
  route(app, oidcEndpoints.link, async ({ caller }) => ({ data: await oidc.startLink(caller) }));

  route(app, bindingEndpoints.identities, async ({ caller }) => ({ data: await oidc.identities(caller) }));
  route(app, bindingEndpoints.unlinkIdentity, async ({ caller, params }) => {
    await oidc.unlink(caller, params.id);
    return { data: null };
  });
  route(app, bindingEndpoints.requestContactChange, async ({ caller, body }) => ({
    data: await contactChanges.request(caller, body),
  }));
  route(app, bindingEndpoints.confirmContactChange, async ({ caller, body }) => ({
    data: await contactChanges.confirm(caller, body),
  }));
}
