import { CATEGORY_IMAGE_MAX_BYTES, categoryEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { imageTooLarge } from '../../lib/images.ts';
import { route } from '../../lib/route.ts';
import { readUpload } from '../../lib/uploads.ts';
import type { CategoryService } from './categories.service.ts';

export function categoryRoutes(app: FastifyInstance, categories: CategoryService) {
  route(app, categoryEndpoints.list, ({ caller, query }) => categories.list(caller, query));
  route(app, categoryEndpoints.summaries, async ({ caller }) => ({ data: await categories.summaries(caller) }));
  route(app, categoryEndpoints.get, async ({ caller, params }) => ({ data: await categories.get(caller, params.id) }));
  route(app, categoryEndpoints.properties, async ({ caller, params }) => ({
    data: await categories.properties(caller, params.id),
  }));
  route(app, categoryEndpoints.create, async ({ caller, body }) => ({ data: await categories.create(caller, body) }));
  route(app, categoryEndpoints.update, async ({ caller, params, body }) => ({
    data: await categories.update(caller, params.id, body),
  }));
  route(app, categoryEndpoints.enable, async ({ caller, params }) => ({
    data: await categories.enable(caller, params.id),
  }));
  route(app, categoryEndpoints.disable, async ({ caller, params }) => ({
    data: await categories.disable(caller, params.id),
  }));
  route(app, categoryEndpoints.uploadImage, async ({ caller, params, request }) => {
    const content = await readUpload(request, CATEGORY_IMAGE_MAX_BYTES, imageTooLarge);
    return { data: await categories.uploadImage(caller, params.id, content) };
  });
  route(app, categoryEndpoints.removeImage, async ({ caller, params }) => ({
    data: await categories.removeImage(caller, params.id),
  }));
  route(app, categoryEndpoints.propertyList, async ({ caller, query }) => ({
    data: await categories.propertyList(caller, query.categoryId),
  }));
  route(app, categoryEndpoints.propertyCreate, async ({ caller, body }) => ({
    data: await categories.createProperty(caller, body),
  }));
}
