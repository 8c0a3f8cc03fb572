import { ASSET_IMAGE_MAX_BYTES, assetEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { imageTooLarge } from '../../lib/images.ts';
import { route } from '../../lib/route.ts';
import { readUpload } from '../../lib/uploads.ts';
import type { AssetService } from './assets.service.ts';

export function assetRoutes(app: FastifyInstance, assets: AssetService) {
  route(app, assetEndpoints.findNos, async ({ caller, query }) => ({
    data: await assets.findNos(caller, query.prefix, query.limit),
  }));
  route(app, assetEndpoints.search, ({ caller, body }) => assets.search(caller, body.nos));
  route(app, assetEndpoints.get, async ({ caller, params }) => ({ data: await assets.get(caller, params.no) }));
  route(app, assetEndpoints.create, async ({ caller, params, body }) => ({
    data: await assets.create(caller, params.categoryId, body),
  }));
  route(app, assetEndpoints.update, async ({ caller, params, body }) => ({
    data: await assets.update(caller, params.categoryId, params.no, body),
  }));
  route(app, assetEndpoints.remove, async ({ caller, params }) => {
    await assets.remove(caller, params.no);
    return { data: null };
  });
  route(app, assetEndpoints.uploadImage, async ({ caller, params, request }) => {
    const content = await readUpload(request, ASSET_IMAGE_MAX_BYTES, imageTooLarge);
    return { data: await assets.uploadImage(caller, params.no, params.propertyId, content) };
  });
  route(app, assetEndpoints.removeImage, async ({ caller, params }) => ({
    data: await assets.removeImage(caller, params.no, params.propertyId),
  }));
  route(app, assetEndpoints.fieldLogs, ({ caller, params, query }) => assets.fieldLogs(caller, params.no, query));
  route(app, assetEndpoints.bindIotDevice, async ({ caller, params, body }) => ({
    data: await assets.bindIotDevice(caller, params.no, body),
  }));
  route(app, assetEndpoints.unbindIotDevice, async ({ caller, params }) => ({
    data: await assets.unbindIotDevice(caller, params.no),
  }));
}
