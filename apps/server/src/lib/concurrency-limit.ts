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

export function createConcurrencyLimiter(max: number): ConcurrencyLimiter {
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
      if (inFlight >= max) {
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
