import type { FastifyInstance } from 'fastify';
import type { PartnerOperationService } from './partner-operations.service.ts';

/** Placeholder wired into app.ts before the module is written (issue 3). */
export function partnerOperationRoutes(_app: FastifyInstance, _service: PartnerOperationService) {}
