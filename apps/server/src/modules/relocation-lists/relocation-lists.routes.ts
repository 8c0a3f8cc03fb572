import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';

/** Relocation (collection) lists (filled in by the relocation work). */
export function relocationListRoutes(_app: FastifyInstance, _deps: { db: Db }) {}
