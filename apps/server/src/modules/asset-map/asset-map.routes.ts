import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';

/** The asset map: viewport data and live updates. */
export function assetMapRoutes(_app: FastifyInstance, _deps: { db: Db }) {}
