import type { FastifyInstance } from 'fastify';
import type { DocumentService } from './documents.service.ts';

/** Placeholder wired into app.ts before the module is written (issue 3). */
export function documentRoutes(_app: FastifyInstance, _service: DocumentService) {}
