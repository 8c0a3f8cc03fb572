import { accountEndpoints, LOGO_MAX_BYTES } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { imageTooLarge } from '../../lib/images.ts';
import { route } from '../../lib/route.ts';
import { readUpload } from '../../lib/uploads.ts';
import type { AccountService } from './account.service.ts';

export function accountRoutes(app: FastifyInstance, account: AccountService) {
  route(app, accountEndpoints.profile, async ({ request }) => ({ data: await account.profile(request.sessionRow!) }));
  route(app, accountEndpoints.clientLink, async () => ({ data: account.clientLink() }));
  route(app, accountEndpoints.permissions, async () => ({ data: account.permissionCatalogue() }));
  route(app, accountEndpoints.get, async () => ({ data: await account.get() }));
  route(app, accountEndpoints.update, async ({ caller, body }) => ({ data: await account.update(caller, body) }));
  route(app, accountEndpoints.uploadLogo, async ({ caller, request }) => {
    const content = await readUpload(request, LOGO_MAX_BYTES, imageTooLarge);
    return { data: await account.uploadLogo(caller, content) };
  });
}
