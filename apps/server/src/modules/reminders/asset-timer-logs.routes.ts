import { assetTimerLogEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { createAssetTimerLogService } from './asset-timer-logs.ts';

/** The asset-timer log, the log centre, bulk acknowledge and the manual reset. */
export function reminderLogRoutes(app: FastifyInstance, deps: { db: Db }) {
  const logs = createAssetTimerLogService(deps);
  route(app, e.list, ({ caller, query }) => logs.list(caller, query));
  route(app, e.centre, ({ caller, query }) => logs.centre(caller, query));
  route(app, e.acknowledge, async ({ caller, body }) => ({ data: await logs.acknowledge(caller, body.assetTimerIds) }));
  route(app, e.reset, async ({ caller, body }) => ({ data: await logs.reset(caller, body.assetTimerIds, body.note) }));
}
