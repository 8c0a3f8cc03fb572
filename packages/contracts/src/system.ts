import { z } from 'zod';
import { endpoint } from './endpoint.ts';

export const health = z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']), version: z.string() });

export const systemEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database kind',
    tag: 'system',
    requires: 'public',
    response: health,
  }),
};
