import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../errors.ts';
import { addRateHits, pruneRates } from '../auth/auth.repo.ts';

const WINDOW_MS = 60_000;
const PREFIX = 'gbfs:address:';
/** An address seen this recently is read back at each sync even without new hits here. */
const ACTIVE_MS = 10_000;

export interface AddressLimiter {
  /** Counts a request of this address, or refuses it (429) when the address is over its limit. */
  hit(address: string): void;
  /** Adds this node's new counts to the shared counters and learns every node's totals. */
  sync(): Promise<void>;
  start(): void;
  stop(): void;
}

/**
 * The public feeds' per-address limit, shared by every node (issue 26). A request is decided in memory — a feed
 * answered from its document in 0.3 ms cannot wait for the database — against what the address did on every node:
 * each node counts locally and, every `syncMs`, adds its new counts to the address's row in `rate_limits` in one
 * statement, which answers the totals of all nodes. Between syncs a node knows the others' counts as of the last
 * one, so with N nodes an address can pass its limit by at most what N nodes let through in one sync interval.
 * Without `db` (a single node in a test) it counts in memory alone.
 */
export function createAddressLimiter(opts: {
  perMinute: number;
  db?: Db | undefined;
  log?: FastifyBaseLogger | undefined;
  syncMs?: number;
  maxAddresses?: number;
}): AddressLimiter {
  const { perMinute, db } = opts;
  const maxAddresses = opts.maxAddresses ?? 50_000;
  /**
   * Per address: the window's start, what this node counted and has not yet synced, the last total of every node
   * it saw, and when this node last saw the address.
   */
  const windows = new Map<string, { start: number; unsynced: number; total: number; lastHit: number }>();
  let timer: NodeJS.Timeout | undefined;
  let syncing: Promise<void> | undefined;
  let lastPrune = 0;

  async function syncNow() {
    if (!db) return;
    // The new hits, and a zero for each address seen lately: the answer brings the other nodes' counts of it too.
    const hits = new Map<string, number>();
    const now = Date.now();
    for (const [address, w] of windows) {
      if (w.unsynced > 0 || now - w.lastHit < ACTIVE_MS) hits.set(`${PREFIX}${address}`, w.unsynced);
    }
    for (const [key, n] of hits) {
      const w = windows.get(key.slice(PREFIX.length));
      if (w) w.unsynced -= n;
    }
    try {
      const totals = await addRateHits(db, hits, WINDOW_MS / 1000);
      for (const [key, total] of totals) {
        const w = windows.get(key.slice(PREFIX.length));
        // The shared window is the one every node keeps to: it started with the first hit any node synced.
        if (w) {
          w.total = total.count;
          w.start = now - (WINDOW_MS - total.secondsLeft * 1000);
        }
      }
      if (now - lastPrune > WINDOW_MS) {
        lastPrune = now;
        await pruneRates(db, PREFIX, (2 * WINDOW_MS) / 1000);
      }
    } catch (error) {
      // The hits stay to be added at the next sync; meanwhile the node decides on what it knows.
      for (const [key, n] of hits) {
        const w = windows.get(key.slice(PREFIX.length));
        if (w) w.unsynced += n;
      }
      opts.log?.warn({ err: error }, 'public feed limits: could not sync the shared counters');
    }
  }

  return {
    hit(address) {
      const now = Date.now();
      let w = windows.get(address);
      if (!w || now - w.start >= WINDOW_MS) {
        if (!w && windows.size >= maxAddresses) {
          for (const [k, v] of windows) if (now - v.start >= WINDOW_MS && v.unsynced === 0) windows.delete(k);
          // Still full of live windows: an address flood; the oldest make room.
          if (windows.size >= maxAddresses) windows.delete(windows.keys().next().value as string);
        }
        w = { start: now, unsynced: w?.unsynced ?? 0, total: 0, lastHit: now };
        windows.set(address, w);
      }
      w.unsynced += 1;
      w.lastHit = now;
      if (w.total + w.unsynced > perMinute) {
        const retryAfterSeconds = Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000));
        throw new DomainError('TooManyRequests', 429, 'Too many requests, try again later', { retryAfterSeconds });
      }
    },
    sync() {
      // One sync at a time: a slow database must not stack them up.
      syncing ??= syncNow().finally(() => {
        syncing = undefined;
      });
      return syncing;
    },
    start() {
      if (!db || timer) return;
      timer = setInterval(() => void this.sync(), opts.syncMs ?? 1000);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
