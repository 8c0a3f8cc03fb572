import { PassThrough, type Readable } from 'node:stream';
import { NOTIFICATION_LIVE_MAX_MS, type Notification, type NotificationLiveEvent } from '@fleetdesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sseFrame } from '../../lib/sse.ts';
import * as repo from './notifications.repo.ts';

/** How often the process looks for new notifications while anyone listens. */
export const NOTIFICATION_POLL_MS = 2_000;
/**
 * `created_at` is the writing transaction's start: a transaction that commits after a later one has been read shows
 * up behind the horizon. Each read reaches this far back and skips the ids it has already fanned out.
 */
const OVERLAP_MS = 30_000;
const BATCH = 1_000;
/** A comment line now and then keeps proxies from timing an idle stream out. */
const KEEP_ALIVE_MS = 25_000;

const frame = (event: NotificationLiveEvent) => sseFrame(event);

interface Listener {
  userId: string;
  /** The database's clock when the stream opened: older rows were already in the first count. */
  openedAt: number;
  stream: PassThrough;
  close: (reason?: string) => void;
}

/**
 * One poller per process for every open stream (docs/decisions/notify.md): while anyone listens it reads the
 * notifications that landed since its horizon, with one indexed query every NOTIFICATION_POLL_MS, and fans them out
 * to the streams of their users with their unread counts. Nothing is shared between instances: each reads the same
 * table, so a notification written by any instance reaches a stream open on any other.
 */
export function createNotificationLive(deps: {
  db: Db;
  log: FastifyBaseLogger;
  toNotification: (row: repo.NotificationRow) => Notification;
  pollMs?: number;
  maxMs?: number;
}) {
  const { db, log } = deps;
  const pollMs = deps.pollMs ?? NOTIFICATION_POLL_MS;
  const maxMs = deps.maxMs ?? NOTIFICATION_LIVE_MAX_MS;
  const listeners = new Map<string, Set<Listener>>();
  /** Ids fanned out within the overlap, by their created_at. */
  const seen = new Map<string, number>();
  let horizon: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let keepAlive: NodeJS.Timeout | undefined;
  let polling = false;

  const listening = () => listeners.size > 0;

  function stopWhenIdle() {
    if (listening()) return;
    clearTimeout(timer);
    clearInterval(keepAlive);
    timer = undefined;
    keepAlive = undefined;
    horizon = undefined;
    seen.clear();
  }

  async function poll() {
    timer = undefined;
    if (!listening() || polling) return;
    polling = true;
    try {
      let after: { at: string; id: string | null } = {
        at: new Date((horizon ?? Date.now()) - OVERLAP_MS).toISOString(),
        id: null,
      };
      for (;;) {
        const landed = await repo.landedAfter(db, [...listeners.keys()], after, BATCH);
        const fresh = landed.filter((r) => !seen.has(r.id));
        for (const r of landed) {
          const at = new Date(r.created_at).getTime();
          seen.set(r.id, at);
          if (horizon === undefined || at > horizon) horizon = at;
        }
        await fanOut(fresh);
        const last = landed.at(-1);
        if (!last || landed.length < BATCH) break;
        after = { at: last.cursor_at, id: last.id };
      }
      if (horizon !== undefined) {
        for (const [id, at] of seen) if (at < horizon - OVERLAP_MS) seen.delete(id);
      }
    } catch (error) {
      log.error({ err: error }, 'notification poll failed');
    } finally {
      polling = false;
      if (listening()) timer = setTimeout(poll, pollMs);
    }
  }

  /** Sends each user with an open stream their unread count and the newest of their new notifications. */
  async function fanOut(fresh: repo.NotificationRow[]) {
    const newest = new Map<string, repo.NotificationRow>();
    for (const r of fresh) {
      const open = listeners.get(r.user_id);
      if (!open) continue;
      const at = new Date(r.created_at).getTime();
      if (![...open].some((l) => at >= l.openedAt)) continue;
      newest.set(r.user_id, r);
    }
    if (newest.size === 0) return;
    const counts = await repo.unreadCounts(db, [...newest.keys()]);
    for (const [userId, row] of newest) {
      const at = new Date(row.created_at).getTime();
      const event = frame({
        type: 'state',
        data: { unread: counts.get(userId) ?? 0, latest: deps.toNotification(row) },
      });
      for (const l of listeners.get(userId) ?? []) if (at >= l.openedAt) l.stream.write(event);
    }
  }

  /** A stream for this user: their unread count at once, then a `state` event whenever a notification lands. */
  async function open(userId: string): Promise<Readable> {
    const [counts, now] = await Promise.all([repo.unreadCounts(db, [userId]), repo.databaseNow(db)]);
    const stream = new PassThrough();
    let closed = false;
    const listener: Listener = {
      userId,
      openedAt: now.getTime(),
      stream,
      close: (reason) => {
        if (closed) return;
        closed = true;
        clearTimeout(expiry);
        const mine = listeners.get(userId);
        mine?.delete(listener);
        if (mine?.size === 0) listeners.delete(userId);
        if (reason) stream.write(frame({ type: 'end', data: { reason } }));
        stream.end();
        stopWhenIdle();
      },
    };
    const expiry = setTimeout(() => listener.close('expired'), maxMs);
    stream.on('close', () => listener.close());
    listeners.set(userId, new Set([...(listeners.get(userId) ?? []), listener]));
    // Ask the browser to wait a little before reconnecting, and send the headers with the first count.
    stream.write('retry: 5000\n\n');
    stream.write(frame({ type: 'state', data: { unread: counts.get(userId) ?? 0, latest: null } }));
    if (horizon === undefined) horizon = now.getTime();
    if (!timer && !polling) timer = setTimeout(poll, pollMs);
    if (!keepAlive) {
      keepAlive = setInterval(() => {
        for (const set of listeners.values()) for (const l of set) l.stream.write(':\n\n');
      }, KEEP_ALIVE_MS);
    }
    return stream;
  }

  return {
    open,
    /** Ends every open stream (server shutdown). */
    closeAll() {
      for (const set of [...listeners.values()]) for (const l of [...set]) l.close('shutdown');
    },
  };
}
