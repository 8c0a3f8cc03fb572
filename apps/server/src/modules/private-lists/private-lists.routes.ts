import type { FastifyInstance } from 'fastify';
import type { PrivateListService } from './private-lists.service.ts';

/** Placeholder wired into app.ts before the module is written (issue 4). */
export function privateListRoutes(_app: FastifyInstance, _service: PrivateListService) {}
