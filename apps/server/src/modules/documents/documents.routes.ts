import { DOCUMENT_IMAGE_MAX_BYTES, documentEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { imageTooLarge } from '../../lib/images.ts';
import { route } from '../../lib/route.ts';
import { readUpload } from '../../lib/uploads.ts';
import type { DocumentService } from './documents.service.ts';

export function documentRoutes(app: FastifyInstance, documents: DocumentService) {
  route(app, documentEndpoints.accountList, ({ query }) => documents.listAccount(query.type));
  route(app, documentEndpoints.accountSave, async ({ caller, params, body }) => ({
    data: await documents.saveAccount(caller, params.type, body.content),
  }));
  route(app, documentEndpoints.accountRemove, async ({ caller, params }) => {
    await documents.removeAccount(caller, params.type);
    return { data: null };
  });
  route(app, documentEndpoints.accountUploadImage, async ({ request }) => {
    const content = await readUpload(request, DOCUMENT_IMAGE_MAX_BYTES, imageTooLarge);
    return { data: await documents.uploadImage(content) };
  });
  route(app, documentEndpoints.partnerList, ({ caller, query }) => documents.listPartner(caller, query));
  route(app, documentEndpoints.partnerGet, async ({ caller, params }) => ({
    data: await documents.getPartner(caller, params.partnerId, params.type),
  }));
  route(app, documentEndpoints.partnerSave, async ({ caller, params, body }) => ({
    data: await documents.savePartner(caller, params.partnerId, params.type, body.content),
  }));
  route(app, documentEndpoints.partnerRemove, async ({ caller, params }) => {
    await documents.removePartner(caller, params.partnerId, params.type);
    return { data: null };
  });
  route(app, documentEndpoints.partnerCreate, async ({ caller, body }) => ({
    data: await documents.createPartner(caller, body),
  }));
  route(app, documentEndpoints.findCreatedPartners, async ({ caller, body }) => ({
    data: await documents.createdPartners(caller, body.type),
  }));
}
