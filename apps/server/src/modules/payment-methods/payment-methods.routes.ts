import type { FastifyInstance } from 'fastify';
import type { PaymentMethodService } from './payment-methods.service.ts';

/** Placeholder wired into app.ts before the module is written (issue 3). */
export function paymentMethodRoutes(_app: FastifyInstance, _service: PaymentMethodService) {}
