import { assetTimerGroupEndpoints, resetRuleEndpoints, timerEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { type AssetTimerGroupService, createAssetTimerGroupService } from './asset-timer-groups.service.ts';
import { createResetRuleService, type ResetRuleService } from './reset-rules.service.ts';
import { createTimerService, type TimerService } from './timers.service.ts';

/** Timers, reset rules and asset-timer groups: what reminds, when, and of which assets. */
export function reminderConfigRoutes(
  app: FastifyInstance,
  services: { timers: TimerService; resetRules: ResetRuleService; groups: AssetTimerGroupService },
) {
  const { timers, resetRules, groups } = services;

  const t = timerEndpoints;
  route(app, t.list, ({ caller, query }) => timers.list(caller, query));
  route(app, t.create, async ({ caller, body }) => ({ data: await timers.create(caller, body) }));
  route(app, t.get, async ({ caller, params }) => ({ data: await timers.get(caller, params.id) }));
  route(app, t.update, async ({ caller, params, body }) => ({ data: await timers.update(caller, params.id, body) }));
  route(app, t.remove, async ({ caller, params }) => ({ data: await timers.remove(caller, params.id) }));

  const r = resetRuleEndpoints;
  route(app, r.list, ({ caller, query }) => resetRules.list(caller, query));
  route(app, r.create, async ({ caller, body }) => ({ data: await resetRules.create(caller, body) }));
  route(app, r.get, async ({ caller, params }) => ({ data: await resetRules.get(caller, params.id) }));
  route(app, r.update, async ({ caller, params, body }) => ({
    data: await resetRules.update(caller, params.id, body),
  }));
  route(app, r.remove, async ({ caller, params }) => ({ data: await resetRules.remove(caller, params.id) }));

  const g = assetTimerGroupEndpoints;
  route(app, g.list, ({ caller, query }) => groups.list(caller, query));
  route(app, g.create, async ({ caller, body }) => ({ data: await groups.create(caller, body) }));
  route(app, g.get, async ({ caller, params }) => ({ data: await groups.get(caller, params.id) }));
  route(app, g.update, async ({ caller, params, body }) => ({ data: await groups.update(caller, params.id, body) }));
  route(app, g.remove, async ({ caller, params }) => ({ data: await groups.remove(caller, params.id) }));
  route(app, g.assets, ({ caller, params, query }) => groups.assets(caller, params.id, query));
  route(app, g.addAssets, async ({ caller, params, body }) => ({
    data: await groups.addAssets(caller, params.id, body.assetNos),
  }));
  route(app, g.removeAssets, async ({ caller, params, body }) => ({
    data: await groups.removeAssets(caller, params.id, body.assetNos),
  }));
}

/** The services behind these routes, on one database. */
export const reminderConfigServices = (deps: { db: Db }) => ({
  timers: createTimerService(deps),
  resetRules: createResetRuleService(deps),
  groups: createAssetTimerGroupService(deps),
});
