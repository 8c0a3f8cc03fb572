import { accountEndpoints, LOGO_MAX_BYTES } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../errors.ts';
import { imageTooLarge } from '../../lib/images.ts';
import { route } from '../../lib/route.ts';
import type { AccountService } from './account.service.ts';

export function accountRoutes(app: FastifyInstance, account: AccountService) {
  route(app, accountEndpoints.profile, async ({ request }) => ({ data: await account.profile(request.sessionRow!) }));
  route(app, accountEndpoints.permissions, async () => ({ data: account.permissionCatalogue() }));
  route(app, accountEndpoints.get, async () => ({ data: await account.get() }));
  route(app, accountEndpoints.update, async ({ caller, body }) => ({ data: await account.update(caller, body) }));
  route(app, accountEndpoints.uploadLogo, async ({ caller, request }) => {
    if (!request.isMultipart())
      throw new DomainError('BadRequest', 400, 'Send the logo as multipart/form-data field "file"');
    const file = await request.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
    if (!file) throw new DomainError('BadRequest', 400, 'Send the logo as multipart/form-data field "file"');
    const content = await file.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
      throw error;
    });
    return { data: await account.uploadLogo(caller, content) };
  });
}
