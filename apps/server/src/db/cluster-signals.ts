import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client.ts';

/**
 * Cache invalidation between the nodes of one installation (issue 26; docs/architecture.md "Several nodes").
 * A node that changed what other nodes may hold in memory signals it: its own handlers run at once, every other
 * node's as soon as PostgreSQL delivers the NOTIFY (milliseconds). A node whose listening connection was lost
 * cannot know what it missed, so its handlers are told to drop everything (key null), and the caches keep their
 * age bound as the last resort should a NOTIFY never be sent (the database went away right after the commit).
 */
export type SignalTopic =
  /** A device was bound or unbound (key: the device number): ingest's device → asset cache. */
  | 'device-binding'
  /** A partner's open-data settings changed (key: the partner id): the GBFS documents. */
  | 'gbfs-partner';

/** A key, or null: drop everything of this topic. */
export type SignalHandler = (key: string | null) => void;

export interface ClusterSignals {
  /** Runs this node's handlers of `topic` now and has the other nodes run theirs. Call it after the commit. */
  send(topic: SignalTopic, key: string): Promise<void>;
  on(topic: SignalTopic, handler: SignalHandler): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const CHANNEL = 'fleetdesk_signals';

export function createClusterSignals(deps: {
  database: Pick<Database, 'db' | 'listen'>;
  log: FastifyBaseLogger;
}): ClusterSignals {
  const { database, log } = deps;
  // Every node hears its own NOTIFY too: it already ran its handlers when it sent it.
  const self = randomUUID();
  const handlers = new Map<SignalTopic, SignalHandler[]>();
  let unlisten: (() => Promise<void>) | undefined;

  const run = (topic: SignalTopic, key: string | null) => {
    for (const handler of handlers.get(topic) ?? []) handler(key);
  };
  const received = (payload: string) => {
    try {
      const { from, topic, key } = JSON.parse(payload) as { from: string; topic: SignalTopic; key: string };
      if (from !== self) run(topic, key);
    } catch (error) {
      log.warn({ err: error }, 'unreadable cluster signal');
    }
  };
  const gap = () => {
    log.warn('cluster signals: listening connection lost or back; dropping every cached entry they guard');
    for (const topic of handlers.keys()) run(topic, null);
  };

  return {
    async send(topic, key) {
      run(topic, key);
      if (!database.listen) return;
      try {
        await database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ from: self, topic, key })})`);
      } catch (error) {
        // The change is committed: the other nodes' entries still end with their age bound.
        log.warn({ err: error, topic }, 'could not signal the other nodes; their cached entries expire by age');
      }
    },
    on(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    async start() {
      if (database.listen && !unlisten) unlisten = await database.listen(CHANNEL, received, gap);
    },
    async stop() {
      await unlisten?.();
      unlisten = undefined;
    },
  };
}
