import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { deadlockVictim, untilReachable } from '../lib/db-errors.ts';
import { faultPoint } from '../lib/fault.ts';
import { MOVING_KMH } from '../modules/trips/trip-builder.ts';
import type { EventMessage, PresenceMessage, TelemetryMessage } from './protocol.ts';
import {
  type DeviceBinding,
  type EventRow,
  findBindings,
  type LatestStateRow,
  type PositionRow,
  type PresenceRow,
  storedLocks,
  writeTelemetryBatch,
} from './telemetry.repo.ts';

/**
 * Telemetry ingest: messages are buffered and written in batches — at FLUSH_SIZE messages or FLUSH_MS after
 * the first one, whichever comes first — so the database sees a few set-based statements per thousand
 * reports instead of thousands of round trips. Device → asset bindings are cached briefly; a device that is
 * bound to nothing is counted and dropped, never written.
 */
export const FLUSH_SIZE = 1000;
export const FLUSH_MS = 500;
const BINDING_TTL_MS = 30_000;
/**
 * Batches committed at once. One at a time, a batch's round trips left the database backend idle between its
 * statements and capped ingest at about 17,000 messages/s on two cores (bench:ingest) with the CPU half idle.
 * Concurrent batches cannot deadlock with each other: each locks its asset rows in one statement, in asset id order
 * (and its devices' rows in device number order). An older report committed after a newer one changes no latest
 * state (the update keeps the newest report time).
 */
const WRITERS = 2;
/** Attempts at a batch PostgreSQL picks as a deadlock victim. */
const DEADLOCK_ATTEMPTS = 3;
/** A device bound to nothing is asked about again sooner: it may be bound any moment (and then report at once). */
const UNBOUND_TTL_MS = 5_000;

type Item =
  | { kind: 'telemetry'; deviceNo: string; message: TelemetryMessage }
  | { kind: 'event'; deviceNo: string; message: EventMessage }
  | { kind: 'presence'; deviceNo: string; message: PresenceMessage; at: number };

export interface IngestStats {
  received: number;
  written: number;
  unknownDevice: number;
  failedBatches: number;
  batches: number;
  /** Attempts at a batch that found the database unreachable (each is made again until it gets through). */
  retriedBatches: number;
}

export interface Ingest {
  /**
   * Buffers a message; `done` runs once its batch committed, or once it is known never to be (the batch failed for
   * another reason than a lost database connection): the gateway acknowledges the message to the broker then.
   */
  push(item: Item, done?: () => void): void;
  /** Writes what is buffered now (shutdown, tests). */
  flush(): Promise<void>;
  /** Forget cached bindings (after a device is bound or unbound). */
  forget(deviceNo?: string): void;
  stats: IngestStats;
  /** Called after each committed batch: the assets whose state changed and the report times it carried. */
  onWritten?: (batch: { assetIds: string[]; reportedAt: number[] }) => void;
}

const eventType = { alarm: 'device-alarm', error: 'device-error', report: 'device-report' } as const;
/** The latest state of an asset that sent only an alarm or error in a batch: no reading changes. */
const noReport: Omit<LatestStateRow, 'assetId'> = {
  ts: null,
  chargePct: null,
  battMv: null,
  lock: null,
  lat: null,
  lng: null,
  movedAt: null,
};

export function createIngest(opts: { db: Db; log: FastifyBaseLogger }): Ingest {
  const { db, log } = opts;
  let buffer: Item[] = [];
  let dones: (() => void)[] = [];
  let timer: NodeJS.Timeout | undefined;
  let preparing: Promise<void> = Promise.resolve();
  const writing = new Set<Promise<void>>();
  const bindings = new Map<string, { binding: DeviceBinding | null; until: number }>();
  /** Counts forgets: a lookup that a forget overtook may have read the old binding, and is not kept. */
  let forgets = 0;
  /**
   * The lock state each asset last reported to this instance, and that report's time: a change becomes a
   * device-report event, which the trip builder reads as an unlock (a trip may start) or a lock (it ends). The
   * broker spreads a device's reports over the nodes, so a batch first takes the stored state where another node
   * wrote a newer one; else this node would compare with what it saw before and miss or repeat changes.
   */
  const lastLock = new Map<string, { lock: string; at: number }>();
  const stats: IngestStats = {
    received: 0,
    written: 0,
    unknownDevice: 0,
    failedBatches: 0,
    batches: 0,
    retriedBatches: 0,
  };

  /**
   * A batch is not dropped while the database is unreachable: its messages stay unacknowledged (the broker holds
   * the rest) until it commits.
   */
  const reconnecting = <T>(step: () => Promise<T>) =>
    untilReachable(step, (attempt, waitMs) => {
      stats.retriedBatches++;
      if (attempt % 10 === 0) log.warn({ attempt, waitMs }, 'database unreachable; telemetry batch waits for it');
    });

  async function resolve(deviceNos: string[]): Promise<Map<string, DeviceBinding | null>> {
    const now = Date.now();
    const result = new Map<string, DeviceBinding | null>();
    const missing: string[] = [];
    for (const no of deviceNos) {
      const cached = bindings.get(no);
      if (cached && cached.until > now) result.set(no, cached.binding);
      else missing.push(no);
    }
    if (missing.length > 0) {
      const before = forgets;
      const found = new Map((await reconnecting(() => findBindings(db, missing))).map((b) => [b.deviceNo, b]));
      for (const no of missing) {
        const binding = found.get(no) ?? null;
        if (forgets === before) bindings.set(no, { binding, until: now + (binding ? BINDING_TTL_MS : UNBOUND_TTL_MS) });
        result.set(no, binding);
      }
    }
    return result;
  }

  /** The stored lock state of the batch's locking assets, where it is newer than what this node last saw. */
  async function adoptStoredLocks(items: Item[], bound: Map<string, DeviceBinding | null>) {
    const assetIds = new Set<string>();
    for (const item of items) {
      const assetId = item.kind === 'telemetry' && item.message.lock ? bound.get(item.deviceNo)?.assetId : undefined;
      if (assetId) assetIds.add(assetId);
    }
    if (assetIds.size === 0) return;
    for (const stored of await reconnecting(() => storedLocks(db, [...assetIds]))) {
      const at = stored.at === null ? null : new Date(stored.at).getTime();
      const mine = lastLock.get(stored.assetId);
      if (stored.lock !== null && at !== null && !(mine && mine.at >= at)) {
        lastLock.set(stored.assetId, { lock: stored.lock, at });
      }
    }
  }

  /**
   * Turns a batch into rows, in arrival order (bindings, lock changes), and returns the write that commits them.
   */
  async function prepare(items: Item[]): Promise<() => Promise<void>> {
    const bound = await resolve([...new Set(items.map((i) => i.deviceNo))]);
    const positions: PositionRow[] = [];
    const latest = new Map<string, LatestStateRow>();
    const events: EventRow[] = [];
    const alarms = new Map<string, Pick<LatestStateRow, 'alarmCode' | 'alarmAt' | 'errorCode' | 'errorAt'>>();
    const presence = new Map<string, PresenceRow>();
    let accepted = 0;
    const reportedAt: number[] = [];
    await adoptStoredLocks(items, bound);
    for (const item of items) {
      if (item.kind === 'presence') {
        // Presence is the device's own state: kept for bound and not-yet-bound devices alike.
        const row: PresenceRow = {
          deviceNo: item.deviceNo,
          state: item.message.state,
          at: new Date(item.at).toISOString(),
          firmware: item.message.firmware ?? null,
          vendor: item.message.vendor ?? null,
        };
        presence.set(item.deviceNo, row);
        accepted++;
        continue;
      }
      const binding = bound.get(item.deviceNo);
      if (!binding) {
        stats.unknownDevice++;
        continue;
      }
      accepted++;
      const at = new Date(item.message.ts).toISOString();
      if (item.kind === 'event') {
        const m = item.message;
        if (m.type !== 'report') {
          // The asset shows its newest alarm or error (the latest-state update sets it with the rest of the row).
          const shown = alarms.get(binding.assetId) ?? {};
          if (m.type === 'alarm' && !(shown.alarmAt && shown.alarmAt > at))
            Object.assign(shown, { alarmCode: m.code, alarmAt: at });
          if (m.type === 'error' && !(shown.errorAt && shown.errorAt > at))
            Object.assign(shown, { errorCode: m.code, errorAt: at });
          alarms.set(binding.assetId, shown);
        }
        events.push({
          assetId: binding.assetId,
          partnerId: binding.partnerId,
          type: eventType[m.type],
          code: m.code,
          occurredAt: at,
          lat: m.pos?.lat ?? null,
          lng: m.pos?.lng ?? null,
          data: m.data ?? null,
        });
        continue;
      }
      const t = item.message;
      reportedAt.push(t.ts);
      const lock = t.lock?.toUpperCase();
      const last = lastLock.get(binding.assetId);
      if (lock) lastLock.set(binding.assetId, { lock, at: Math.max(last?.at ?? t.ts, t.ts) });
      if (lock && last?.lock !== lock) {
        events.push({
          assetId: binding.assetId,
          partnerId: binding.partnerId,
          type: 'device-report',
          code: 'lock-change',
          occurredAt: at,
          lat: t.pos?.lat ?? null,
          lng: t.pos?.lng ?? null,
          data: { lock },
        });
      }
      if (t.pos) {
        positions.push({
          assetId: binding.assetId,
          recordedAt: at,
          lat: t.pos.lat,
          lng: t.pos.lng,
          alt: t.pos.alt ?? null,
          vel: t.vel ?? null,
          chargePct: t.chargePct ?? null,
        });
      }
      const previous = latest.get(binding.assetId);
      // The trip job finds the assets to build by their latest moving fix: taken from every report of the batch,
      // also from one older than the state it keeps (a device flushing its backlog moved all the same).
      const vel = t.vel ?? null;
      const moving = t.pos !== undefined && (vel === null || vel >= MOVING_KMH);
      const prevMoved = previous?.movedAt ?? null;
      const movedAt = moving && (prevMoved === null || prevMoved < at) ? at : prevMoved;
      if (previous?.ts && previous.ts > at) previous.movedAt = movedAt;
      else {
        // Merge: a report without a reading keeps the one an earlier report of the batch brought.
        latest.set(binding.assetId, {
          assetId: binding.assetId,
          ts: at,
          chargePct: t.chargePct ?? previous?.chargePct ?? null,
          battMv: t.battMv ?? previous?.battMv ?? null,
          // The asset keeps the registry's upper-case lock states (LOCKED / UNLOCKED).
          lock: t.lock?.toUpperCase() ?? previous?.lock ?? null,
          lat: t.pos?.lat ?? previous?.lat ?? null,
          lng: t.pos?.lng ?? previous?.lng ?? null,
          movedAt,
        });
      }
    }
    for (const [assetId, shown] of alarms) {
      const row = latest.get(assetId);
      if (row) Object.assign(row, shown);
      else latest.set(assetId, { ...noReport, assetId, ...shown });
    }
    // Sorted (asset id, device number): concurrent writers lock rows in the same order and cannot deadlock.
    const latestRows = [...latest.values()].sort((a, b) => (a.assetId < b.assetId ? -1 : 1));
    const presenceRows = [...presence.values()].sort((a, b) => (a.deviceNo < b.deviceNo ? -1 : 1));
    return async () => {
      const batch = { positions, latest: latestRows, events, presence: presenceRows };
      for (let attempt = 1; ; attempt++) {
        try {
          await reconnecting(() => writeTelemetryBatch(db, batch));
          break;
        } catch (error) {
          // A deadlock victim was rolled back whole: write it again rather than lose a thousand reports. (Batches
          // lock in one order; another writer of the same rows may not.)
          if (!deadlockVictim(error) || attempt === DEADLOCK_ATTEMPTS) throw error;
          log.warn({ attempt, size: items.length }, 'telemetry batch was a deadlock victim; writing it again');
        }
      }
      // Committed, not yet acknowledged: a crash here makes the broker redeliver the batch (stored twice).
      faultPoint('telemetry.afterCommit');
      stats.written += accepted;
      stats.batches++;
      ingest.onWritten?.({ assetIds: latestRows.map((r) => r.assetId), reportedAt });
    };
  }

  const failed = (size: number) => (error: unknown) => {
    stats.failedBatches++;
    // The driver's error, not drizzle's wrapper: that one's message carries the statement's parameters, a thousand
    // rows of JSON in one log line.
    const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
    log.error({ err: cause, size }, 'telemetry batch failed');
  };

  const settle = (batchDones: (() => void)[]) => () => {
    for (const done of batchDones) done();
  };

  function flushNow(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const items = buffer;
    const batchDones = dones;
    buffer = [];
    dones = [];
    if (items.length > 0) {
      // Batches are prepared one at a time, in arrival order; up to WRITERS of them commit at once.
      preparing = preparing.then(async () => {
        const commit = await prepare(items).catch(failed(items.length));
        if (!commit) return settle(batchDones)();
        while (writing.size >= WRITERS) await Promise.race(writing);
        const write: Promise<void> = commit()
          .catch(failed(items.length))
          .finally(settle(batchDones))
          .finally(() => writing.delete(write));
        writing.add(write);
      });
    }
    return preparing.then(() => Promise.all(writing)).then(() => undefined);
  }

  const ingest: Ingest = {
    stats,
    push(item, done) {
      stats.received++;
      buffer.push(item);
      if (done) dones.push(done);
      if (buffer.length >= FLUSH_SIZE) void flushNow();
      else if (!timer) timer = setTimeout(() => void flushNow(), FLUSH_MS);
    },
    flush: flushNow,
    forget(deviceNo) {
      forgets++;
      if (deviceNo === undefined) bindings.clear();
      else bindings.delete(deviceNo);
    },
  };
  return ingest;
}
