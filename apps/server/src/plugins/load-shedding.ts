import { systemEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import {
  type ConcurrencyLimiter,
  createConcurrencyLimiter,
  createEventLoopGauge,
  holdSlot,
} from '../lib/concurrency-limit.ts';

/**
 * What a refused client is told to wait. One second: an overload that shedding keeps the node's latency under
 * is over in well under that, and a balancer retries on another node at once anyway.
 */
export const SHED_RETRY_AFTER_SECONDS = 1;
export const SHED_MESSAGE = 'The server is busy, try again in a moment';
const HEALTH_URL = `/api${systemEndpoints.health.path}`;
/** Whether a request to this route may be shed: every API route but the health check (the OpenAPI document says so). */
export const SHEDS = (url: string | undefined) => url?.startsWith('/api/') === true && url !== HEALTH_URL;
/** At most one "shedding" line per this long, however many requests are refused: an overload must not flood the log. */
const LOG_EVERY_MS = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's limit on API requests in progress; undefined when MAX_CONCURRENT_REQUESTS is 0. */
    concurrency: ConcurrencyLimiter | undefined;
  }
}

/**
 * Above `maxConcurrent` API requests in progress, a new one is answered 503 with Retry-After at once instead of
 * queueing for the database until it and every request behind it time out (docs/decisions.md "Load shedding
 * (issue 26)"). Decided in onRequest: before authentication and before the body is read, so a refusal costs
 * almost nothing. The health check and the console's files are never counted; an event stream gives its slot
 * back once it is open (lib/sse.ts).
 */
export function registerLoadShedding(
  app: FastifyInstance,
  { maxConcurrent, maxEventLoopDelayMs }: { maxConcurrent: number; maxEventLoopDelayMs: number },
) {
  const gauge = maxConcurrent > 0 && maxEventLoopDelayMs > 0 ? createEventLoopGauge(maxEventLoopDelayMs) : undefined;
  if (gauge) app.addHook('onClose', async () => gauge.stop());
  const limiter = maxConcurrent > 0 ? createConcurrencyLimiter(maxConcurrent, gauge?.lagging) : undefined;
  app.decorate('concurrency', limiter);
  if (!limiter) return;
  const body = JSON.stringify({ code: 'ServiceUnavailable', message: SHED_MESSAGE, data: null });
  let loggedAt = 0;
  let refusedAtLog = 0;
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.url === HEALTH_URL) return done();
    const release = limiter.tryAcquire();
    if (release) {
      holdSlot(request, release);
      // 'close' comes after the response is sent and also when the client goes away mid-way.
      reply.raw.once('close', release);
      return done();
    }
    const now = Date.now();
    if (now - loggedAt >= LOG_EVERY_MS) {
      request.log.warn(
        { limit: limiter.max, refused: limiter.refused - refusedAtLog, eventLoopBehind: gauge?.lagging() ?? false },
        'shedding load: requests refused with 503',
      );
      loggedAt = now;
      refusedAtLog = limiter.refused;
    }
    // Answered here without calling done(): no auth, no body parsing, no route.
    reply.code(503).header('retry-after', String(SHED_RETRY_AFTER_SECONDS)).type('application/json').send(body);
  });
}
