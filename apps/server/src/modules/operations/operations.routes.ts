import type { FastifyInstance } from 'fastify';
import type { OperationService } from './operations.service.ts';

/** Placeholder wired into app.ts before the module is written (issue 3). */
export function operationRoutes(_app: FastifyInstance, _service: OperationService) {}
