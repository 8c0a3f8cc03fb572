import {
  type Endpoint,
  type GbfsFeedName,
  gbfsEndpoints,
  gbfsFeedNames,
  gbfsSettingsEndpoints,
} from '@fleetdesk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../errors.ts';
import { route } from '../../lib/route.ts';
import type { AddressLimiter } from './address-limiter.ts';
import { type FeedDocument, type GbfsFeeds, gzipped } from './gbfs.service.ts';
import type { GbfsSettingsService } from './gbfs-settings.service.ts';

/** Whether an If-None-Match header names this ETag (a list, weak forms and "*" included). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

async function sendFeed(request: FastifyRequest, reply: FastifyReply, doc: FeedDocument) {
  reply
    .header('cache-control', `public, max-age=${doc.ttl}`)
    .header('etag', doc.etag)
    .header('vary', 'Accept-Encoding');
  if (matchesEtag(request.headers['if-none-match'], doc.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) && doc.body.length > 1024) {
    return reply.header('content-encoding', 'gzip').send(await gzipped(doc));
  }
  return reply.send(doc.body);
}

export function gbfsRoutes(
  app: FastifyInstance,
  deps: { feeds: GbfsFeeds; settings: GbfsSettingsService; limiter: AddressLimiter },
) {
  const { feeds, settings } = deps;
  route(app, gbfsSettingsEndpoints.get, async ({ caller, params }) => ({
    data: await settings.get(caller, params.partnerId),
  }));
  route(app, gbfsSettingsEndpoints.update, async ({ caller, params, body }) => ({
    data: await settings.update(caller, params.partnerId, body),
  }));

  /**
   * A public feed: the contract gives the path, the parameters' validation and the OpenAPI entry; the body is the
   * prepared document (bytes, or gzip), never re-serialised. CORS is open: trip planners read feeds from browsers.
   */
  const feedRoute = (e: Endpoint, name: GbfsFeedName | 'gbfs' | 'manifest') =>
    app.route({
      method: 'GET',
      url: e.path,
      config: { requires: 'public' },
      schema: {
        summary: e.summary,
        tags: [e.tag],
        ...(e.params ? { params: e.params } : {}),
        response: { 200: e.response },
      },
      handler: async (request, reply) => {
        reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', 'ETag');
        deps.limiter.hit(request.ip);
        const systemId = (request.params as { systemId?: string }).systemId;
        const doc = await feeds.feed(systemId, name);
        if (!doc) throw notFound();
        return sendFeed(request, reply, doc);
      },
    });
  feedRoute(gbfsEndpoints.manifest, 'manifest');
  feedRoute(gbfsEndpoints.gbfs, 'gbfs');
  for (const name of gbfsFeedNames) {
    feedRoute(gbfsEndpoints[name], name);
  }

  const doc = gbfsEndpoints.document;
  app.route({
    method: 'GET',
    url: doc.path,
    config: { requires: 'public' },
    schema: { summary: doc.summary, tags: [doc.tag], params: doc.params, querystring: doc.query },
    handler: async (request, reply) => {
      deps.limiter.hit(request.ip);
      const params = request.params as { systemId: string; type: 'terms' | 'privacy-policy' };
      const query = request.query as { lang?: string };
      const page = await feeds.documentPage(params.systemId, params.type, query.lang);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; img-src 'self' https: data:; style-src 'unsafe-inline'")
        .header('cache-control', 'public, max-age=300')
        .send(page);
    },
  });
}
