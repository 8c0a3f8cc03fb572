import { SITE_IMAGE_MAX_BYTES, siteEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { imageTooLarge } from '../../lib/images.ts';
import { route } from '../../lib/route.ts';
import { readUpload } from '../../lib/uploads.ts';
import type { SiteService } from './sites.service.ts';

export function siteRoutes(app: FastifyInstance, sites: SiteService) {
  route(app, siteEndpoints.query, ({ caller, body }) => sites.query(caller, body));
  route(app, siteEndpoints.all, async ({ caller }) => ({ data: await sites.all(caller) }));
  route(app, siteEndpoints.get, async ({ caller, params }) => ({ data: await sites.get(caller, params.id) }));
  route(app, siteEndpoints.create, async ({ caller, body }) => ({ data: await sites.create(caller, body) }));
  route(app, siteEndpoints.batchCreate, async ({ caller, body }) => ({
    data: await sites.batchCreate(caller, body.sites),
  }));
  route(app, siteEndpoints.update, async ({ caller, params, body }) => ({
    data: await sites.update(caller, params.id, body),
  }));
  route(app, siteEndpoints.remove, async ({ caller, params }) => {
    await sites.remove(caller, params.id);
    return { data: null };
  });
  route(app, siteEndpoints.uploadImage, async ({ caller, params, request }) => {
    const content = await readUpload(request, SITE_IMAGE_MAX_BYTES, imageTooLarge);
    return { data: await sites.uploadImage(caller, params.id, content) };
  });
  route(app, siteEndpoints.removeImage, async ({ caller, params }) => ({
    data: await sites.removeImage(caller, params.id),
  }));
}
