import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { assetMapEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { sendEventStream } from '../../lib/sse.ts';
import { createAssetQueryService } from '../asset-query/asset-query.service.ts';
import { createAssetMapService } from './asset-map.service.ts';

const gzipAsync = promisify(gzip);
/** Below this a response is not worth compressing. */
const GZIP_FROM_BYTES = 1024;

/**
 * Map answers are up to a few hundred kB of JSON and there is no compression plugin in front of the API:
 * they are gzipped here when the client accepts it (the target is ≤ 100 kB on the wire, docs/performance.md).
 * Streams (the live events) pass untouched.
 */
async function gzipJson(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' || payload.length < GZIP_FROM_BYTES) return payload;
  if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return payload;
  reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding');
  return gzipAsync(payload);
}

/** The asset map: viewport data and live updates. */
export function assetMapRoutes(app: FastifyInstance, deps: { db: Db; gridMaxAgeMs: number }) {
  const service = createAssetMapService({
    db: deps.db,
    query: createAssetQueryService({ db: deps.db }),
    gridMaxAgeMs: deps.gridMaxAgeMs,
    log: app.log,
  });
  // Its own context, so the compression hook applies to these two routes only.
  app.register(async (scope) => {
    scope.addHook('onSend', gzipJson);
    // Before the server waits for open connections to end: a stream would hold it for minutes.
    scope.addHook('preClose', async () => service.closeAll());
    route(scope, e.map, async ({ caller, body }) => ({ data: await service.map(caller, body) }));
    route(scope, e.live, async ({ caller, body, request, reply }) => {
      return sendEventStream(reply, await service.live(caller, body, request.log));
    });
  });
}
