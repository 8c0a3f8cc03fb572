import type { FastifyInstance } from 'fastify';
import type { AssetService } from './assets.service.ts';

/** Placeholder wired into app.ts before the module is written (issue 4). */
export function assetRoutes(_app: FastifyInstance, _service: AssetService) {}
