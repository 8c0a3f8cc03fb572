import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';

/** Batch create/edit/delete, import and export of assets (filled in by the batch work). */
export function assetBatchRoutes(_app: FastifyInstance, _deps: { db: Db }) {}
