import { alarmEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { createAlarmService } from './alarms.service.ts';

/** Asset → Alarms: the inbox, acknowledging an alarm, and one asset's alarm state for its detail page. */
export function alarmRoutes(app: FastifyInstance, deps: { db: Db }) {
  const alarms = createAlarmService(deps);
  route(app, e.list, async ({ caller, query }) => alarms.list(caller, query));
  route(app, e.acknowledge, async ({ caller, params, body }) => ({
    data: await alarms.acknowledge(caller, params.id, body),
  }));
  route(app, e.assetState, async ({ caller, params }) => ({ data: await alarms.assetState(caller, params.no) }));
}
