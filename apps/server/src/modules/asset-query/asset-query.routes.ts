import type { FastifyInstance } from 'fastify';
import type { AssetQueryService } from './asset-query.service.ts';

/** Placeholder wired into app.ts before the module is written (issue 4). */
export function assetQueryRoutes(_app: FastifyInstance, _service: AssetQueryService) {}
