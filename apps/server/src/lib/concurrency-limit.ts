import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyRequest } from 'fastify';

/**
 * A count of the requests in progress on this node with a hard ceiling: `tryAcquire` either takes a slot at once
 * or says no, never waits (docs/decisions.md "Load shedding (issue 26)": the wait queue is the part of the
 * limit above the database pool, which the pool already queues).
 */
export interface ConcurrencyLimiter {
  readonly max: number;
  readonly inFlight: number;
  /** Requests refused since the start. */
  readonly refused: number;
  /** A slot's release (safe to call twice), or null when every slot is taken. */
  tryAcquire(): (() => void) | null;
}

export function createConcurrencyLimiter(
  max: number,
  /** Refuses every request while it says so, whatever the count (an event loop too far behind). */
  overloaded: () => boolean = () => false,
): ConcurrencyLimiter {
  if (!Number.isInteger(max) || max < 1) throw new Error(`concurrency limit must be a positive integer, not ${max}`);
  let inFlight = 0;
  let refused = 0;
  return {
    max,
    get inFlight() {
      return inFlight;
    },
    get refused() {
      return refused;
    },
    tryAcquire() {
      if (inFlight >= max || overloaded()) {
        refused += 1;
        return null;
      }
      inFlight += 1;
      let held = true;
      // A response that both finishes and closes, or a stream that gives its slot back early, releases once.
      return () => {
        if (!held) return;
        held = false;
        inFlight -= 1;
      };
    },
  };
}

const slots = new WeakMap<FastifyRequest, () => void>();

/** Ties a taken slot to its request, so that code far from the hook (an event stream) can give it back. */
export function holdSlot(request: FastifyRequest, release: () => void): void {
  slots.set(request, release);
}

/**
 * Gives the request's slot back before its response ends: an event stream lives for minutes but costs the node
 * next to nothing once it is open, and must not starve short requests of slots.
 */
export function releaseSlot(request: FastifyRequest): void {
  slots.get(request)?.();
  slots.delete(request);
}

/** How often the event loop's delay is judged, and the timer resolution it is measured with (as @fastify/under-pressure). */
const LAG_SAMPLE_MS = 250;
const LAG_RESOLUTION_MS = 10;

/**
 * Whether the event loop is behind: its mean delay over the last quarter second above `maxDelayMs`. A node short
 * of CPU (a slow query plan, a neighbour on the machine) is overloaded below any request count, and a request
 * admitted then waits in the loop however few are in progress. `stop` ends the sampling.
 */
export function createEventLoopGauge(maxDelayMs: number): { lagging(): boolean; stop(): void } {
  const histogram = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  histogram.enable();
  let lagging = false;
  const timer = setInterval(() => {
    // The histogram counts the resolution's own wait in every sample.
    lagging = histogram.mean / 1e6 - LAG_RESOLUTION_MS > maxDelayMs;
    histogram.reset();
  }, LAG_SAMPLE_MS);
  timer.unref();
  return {
    lagging: () => lagging,
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
