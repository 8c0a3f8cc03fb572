import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createJobRunner, type JobHandler, type JobInput, type JobRunner } from '../../jobs/queue.ts';
import { moduleWorker } from '../../lib/module-worker.ts';
import { saveWatermark } from './trips.repo.ts';
import { buildTouchedTrips } from './trips.service.ts';

/** The one recurring trip builder: a fixed key, so every instance shares it and it never runs twice at once. */
export const TRIP_BUILD_JOB = 'trips.build';
/** How often trips follow the positions. */
export const TRIP_BUILD_EVERY_MS = 30_000;
/** A first run (no watermark yet) looks back this far. */
const FIRST_LOOKBACK_MS = 24 * 3_600_000;

/** Trip building's background jobs: handlers by kind, and the jobs to make sure exist at start-up. */
export function tripJobs({ db }: { db: Db }): { handlers: Record<string, JobHandler>; initial: JobInput[] } {
  const build: JobHandler = async (job) => {
    const startedAt = new Date();
    const since =
      typeof job.payload.since === 'string'
        ? new Date(job.payload.since)
        : new Date(startedAt.getTime() - FIRST_LOOKBACK_MS);
    await buildTouchedTrips(db, since, startedAt);
    await saveWatermark(db, job.id, startedAt);
    // A round that took long (a large fleet riding) is followed by a rest twice as long: trip building never takes
    // more than a third of the database's time from ingest and the API. Trips may lag (document 2 §9: up to 48 h).
    const took = Date.now() - startedAt.getTime();
    return { runAt: new Date(Date.now() + Math.max(TRIP_BUILD_EVERY_MS, 2 * took)) };
  };
  return {
    handlers: { [TRIP_BUILD_JOB]: build },
    initial: [{ kind: TRIP_BUILD_JOB, key: TRIP_BUILD_JOB }],
  };
}

/** The trips lane of the job queue, wherever it runs: the server's event loop (inline) or its thread (trips.worker.ts). */
export function tripJobRunner({ db, log }: { db: Db; log: FastifyBaseLogger }): JobRunner {
  return createJobRunner({ db, log, handlers: tripJobs({ db }).handlers, pollMs: 1000 });
}

/** What the trip builder's thread is started with (trips.worker.ts). */
export interface TripWorkerData {
  databaseUrl: string;
  logLevel: string;
}
export const TRIP_WORKER_STOP = 'stop';
/** The thread's connections are `fleetdesk-trips-<pid>` in pg_stat_activity. */
export const TRIP_WORKER_APPLICATION = 'fleetdesk-trips';
/** How long stop() waits for the thread's round to end before it is terminated (a round stuck on the database). */
const STOP_WAIT_MS = 10_000;
const RESTART_MS = 1000;

/**
 * Trip building in a thread of its own (TRIP_BUILDER=worker, the default with PostgreSQL). A round over a large fleet
 * riding parses and compares hundreds of thousands of fixes: in the event loop that reads the broker and answers the
 * API, it delayed ingest (docs/performance.md "bench:ingest"). The thread has its own loop and pool; the database
 * still serialises what must be. A thread that dies is started again a second later; its claimed round lapses after
 * the claim time and runs again, as when a node dies.
 */
export function tripWorker(opts: { databaseUrl: string; logLevel: string; log: FastifyBaseLogger }): {
  start(): void;
  stop(): Promise<void>;
  /** The running thread, if any (a test ends it the way a crash would). */
  thread(): Worker | undefined;
} {
  const { log } = opts;
  const data: TripWorkerData = { databaseUrl: opts.databaseUrl, logLevel: opts.logLevel };
  let worker: Worker | undefined;
  let stopping = false;
  let restart: NodeJS.Timeout | undefined;

  const spawn = () => {
    restart = undefined;
    const thread = moduleWorker(new URL('./trips.worker.ts', import.meta.url), 'trips-worker', data);
    worker = thread;
    thread.on('error', (error) => log.error({ err: error }, 'trip builder thread failed'));
    thread.on('exit', (code) => {
      if (worker === thread) worker = undefined;
      if (stopping) return;
      log.error({ code }, 'trip builder thread ended; starting it again');
      restart = setTimeout(spawn, RESTART_MS);
    });
  };

  return {
    start() {
      stopping = false;
      if (!worker && !restart) spawn();
    },
    async stop() {
      stopping = true;
      if (restart) clearTimeout(restart);
      restart = undefined;
      const thread = worker;
      if (!thread) return;
      const exited = once(thread, 'exit');
      thread.postMessage(TRIP_WORKER_STOP);
      const timer = setTimeout(() => void thread.terminate(), STOP_WAIT_MS);
      await exited;
      clearTimeout(timer);
    },
    thread: () => worker,
  };
}
