import { checklistEndpoints, WORKSHOP_IMAGE_MAX_BYTES, workItemEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { imageTooLarge } from '../../lib/images.ts';
import { route } from '../../lib/route.ts';
import { readUpload } from '../../lib/uploads.ts';
import type { ChecklistService } from './checklists.service.ts';
import type { WorkItemService } from './work-items.service.ts';

const upload = (request: FastifyRequest) => readUpload(request, WORKSHOP_IMAGE_MAX_BYTES, imageTooLarge);

export function workItemRoutes(app: FastifyInstance, items: WorkItemService) {
  const e = workItemEndpoints;
  route(app, e.list, ({ caller, query }) => items.list(caller, query));
  route(app, e.create, async ({ caller, body }) => ({ data: await items.create(caller, body) }));
  route(app, e.get, async ({ caller, params }) => ({ data: await items.get(caller, params.id) }));
  route(app, e.update, async ({ caller, params, body }) => ({ data: await items.update(caller, params.id, body) }));
  route(app, e.archive, async ({ caller, params }) => ({ data: await items.archive(caller, params.id) }));
  route(app, e.uploadImage, async ({ caller, params, request }) => ({
    data: await items.uploadImage(caller, params.id, await upload(request)),
  }));
  route(app, e.removeImage, async ({ caller, params }) => ({ data: await items.removeImage(caller, params.id) }));
  route(app, e.addOption, async ({ caller, params, body }) => ({
    data: await items.addOption(caller, params.id, body),
  }));
  route(app, e.updateOption, async ({ caller, params, body }) => ({
    data: await items.updateOption(caller, params.id, params.optionId, body),
  }));
  route(app, e.removeOption, async ({ caller, params }) => ({
    data: await items.removeOption(caller, params.id, params.optionId),
  }));
  route(app, e.uploadOptionImage, async ({ caller, params, request }) => ({
    data: await items.uploadOptionImage(caller, params.id, params.optionId, await upload(request)),
  }));
  route(app, e.removeOptionImage, async ({ caller, params }) => ({
    data: await items.removeOptionImage(caller, params.id, params.optionId),
  }));
}

export function checklistRoutes(app: FastifyInstance, checklists: ChecklistService) {
  const e = checklistEndpoints;
  route(app, e.list, ({ caller, query }) => checklists.list(caller, query));
  route(app, e.create, async ({ caller, body }) => ({ data: await checklists.create(caller, body) }));
  route(app, e.get, async ({ caller, params }) => ({ data: await checklists.get(caller, params.id) }));
  route(app, e.update, async ({ caller, params, body }) => ({
    data: await checklists.update(caller, params.id, body),
  }));
  route(app, e.archive, async ({ caller, params }) => ({ data: await checklists.archive(caller, params.id) }));
  route(app, e.addGroup, async ({ caller, params, body }) => ({
    data: await checklists.addGroup(caller, params.id, body),
  }));
  route(app, e.updateGroup, async ({ caller, params, body }) => ({
    data: await checklists.updateGroup(caller, params.id, params.groupId, body),
  }));
  route(app, e.removeGroup, async ({ caller, params }) => ({
    data: await checklists.removeGroup(caller, params.id, params.groupId),
  }));
  route(app, e.uploadGroupImage, async ({ caller, params, request }) => ({
    data: await checklists.uploadGroupImage(caller, params.id, params.groupId, await upload(request)),
  }));
  route(app, e.removeGroupImage, async ({ caller, params }) => ({
    data: await checklists.removeGroupImage(caller, params.id, params.groupId),
  }));
}
