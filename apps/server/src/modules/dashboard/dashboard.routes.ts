import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';

/** The asset dashboard. */
export function dashboardRoutes(_app: FastifyInstance, _deps: { db: Db }) {}
