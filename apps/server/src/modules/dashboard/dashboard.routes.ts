import { dashboardEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { createDashboardService } from './dashboard.service.ts';

/** The asset dashboard (document 1 §2.5): the overview, alarm and error tabs. */
export function dashboardRoutes(app: FastifyInstance, deps: { db: Db }) {
  const dashboard = createDashboardService(deps);
  route(app, e.overview, async ({ caller, query }) => ({ data: await dashboard.overview(caller, query) }));
  route(app, e.alarms, async ({ caller, query }) => ({ data: await dashboard.events(caller, 'alarm', query) }));
  route(app, e.errors, async ({ caller, query }) => ({ data: await dashboard.events(caller, 'error', query) }));
}
