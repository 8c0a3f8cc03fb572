import type { FastifyInstance } from 'fastify';
import type { CategoryService } from './categories.service.ts';

/** Placeholder wired into app.ts before the module is written (issue 4). */
export function categoryRoutes(_app: FastifyInstance, _service: CategoryService) {}
