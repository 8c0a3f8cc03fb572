import { assetQueryEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { AssetQueryService } from './asset-query.service.ts';

export function assetQueryRoutes(app: FastifyInstance, q: AssetQueryService) {
  route(app, e.query, ({ caller, body }) => q.query(caller, body));
  route(app, e.getList, ({ caller, body }) => q.query(caller, body));
  route(app, e.getSummary, async ({ caller, body }) => ({ data: await q.summary(caller, body) }));
  route(app, e.getCount, ({ caller, body }) => q.count(caller, body));
  route(app, e.siteGetList, ({ caller, body }) => q.siteList(caller, body));
  route(app, e.siteGetSummary, ({ caller, body }) => q.siteSummary(caller, body));
  route(app, e.siteGetListWithSummary, ({ caller, body }) => q.siteListWithSummary(caller, body));
}
