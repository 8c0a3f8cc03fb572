import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { rows } from '../db/sql.ts';

/**
 * The jobs table (ARCHITECTURE.md): work is enqueued in the transaction of the change that causes it, and any
 * instance claims due jobs with FOR UPDATE SKIP LOCKED. A claim lasts CLAIM_SECONDS; an instance that dies
 * mid-job simply lets it lapse and another one picks the job up, so a restart loses nothing.
 */
export interface JobInput {
  kind: string;
  /** At most one job per key: enqueuing an existing key is a no-op. */
  key?: string;
  payload?: Record<string, unknown>;
  runAt?: Date;
}

export interface Job {
  id: string;
  kind: string;
  key: string | null;
  payload: Record<string, unknown>;
  attempts: number;
}

/** What a handler says: nothing (done, the job goes) or when to run it again. */
export type JobOutcome = undefined | { runAt: Date };
export type JobHandler = (job: Job) => Promise<JobOutcome>;
/** A handler that takes every claimed job of its kind at once (set-based work: one statement per round). */
export type BatchJobHandler = { batch: (jobs: Job[]) => Promise<JobOutcome[]> };

const CLAIM_SECONDS = 30;
const MAX_ERROR_BACKOFF_MS = 5 * 60_000;

export async function enqueueJobs(db: DbOrTx, inputs: readonly JobInput[]): Promise<void> {
  if (inputs.length === 0) return;
  await db
    .insert(jobs)
    .values(
      inputs.map((j) => ({
        id: randomUUID(),
        kind: j.kind,
        key: j.key ?? null,
        payload: j.payload ?? {},
        runAt: j.runAt ?? new Date(),
      })),
    )
    .onConflictDoNothing({ target: jobs.key });
}

export async function deleteJobByKey(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from ${jobs} where ${jobs.key} = ${key}`);
}

async function claim(db: Db, limit: number, kinds: readonly string[]): Promise<Job[]> {
  return rows<Job>(
    db,
    sql`
    update jobs set locked_until = now() + ${`${CLAIM_SECONDS} seconds`}::interval, attempts = attempts + 1
    where id in (
      select id from jobs
      where run_at <= now() and (locked_until is null or locked_until < now())
        and kind in (select json_array_elements_text(${JSON.stringify(kinds)}::json))
      order by run_at
      limit ${limit}
      for update skip locked
    )
    returning id, kind, key, payload, attempts`,
  );
}

export interface JobRunner {
  start(): void;
  /** Stops claiming and waits for the jobs in hand. */
  stop(): Promise<void>;
  /** One claim-and-run round; returns how many jobs ran (tests drive the queue with it). */
  runDue(): Promise<number>;
}

export function createJobRunner(opts: {
  db: Db;
  handlers: Record<string, JobHandler | BatchJobHandler>;
  log: FastifyBaseLogger;
  pollMs?: number;
  batch?: number;
}): JobRunner {
  const { db, handlers, log } = opts;
  // A runner claims only what it can run: slow kinds get their own runner (a lane) so they never hold up the
  // rounds of fast ones, since a round waits for all the jobs it claimed.
  const kinds = Object.keys(handlers);
  const pollMs = opts.pollMs ?? 250;
  const batch = opts.batch ?? 100;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();

  /** Writes what handlers said: finished jobs go, the others wait for their run_at (two statements at most). */
  async function finish(jobsDone: readonly Job[], outcomes: readonly JobOutcome[]) {
    const done = jobsDone.filter((_, i) => outcomes[i] === undefined).map((j) => j.id);
    const later = jobsDone.flatMap((j, i) => {
      const o = outcomes[i];
      return o ? [{ id: j.id, runAt: o.runAt.toISOString() }] : [];
    });
    if (done.length > 0) {
      await db.execute(
        sql`delete from jobs where id in (select json_array_elements_text(${JSON.stringify(done)}::json)::uuid)`,
      );
    }
    if (later.length > 0) {
      await db.execute(sql`update jobs set run_at = v."runAt", locked_until = null
        from json_to_recordset(${JSON.stringify(later)}::json) as v(id uuid, "runAt" timestamptz) where jobs.id = v.id`);
    }
  }

  async function failed(job: Job, error: unknown) {
    const delay = Math.min(MAX_ERROR_BACKOFF_MS, 1000 * 2 ** Math.min(job.attempts, 20));
    log.warn({ err: error, job: job.id, kind: job.kind, attempts: job.attempts }, 'job failed; retrying later');
    await db
      .execute(
        sql`update jobs set run_at = now() + ${`${delay} milliseconds`}::interval, locked_until = null,
              last_error = ${String((error as Error).message ?? error).slice(0, 500)} where id = ${job.id}`,
      )
      .catch((e: unknown) => log.error({ err: e }, 'could not reschedule a failed job'));
  }

  async function runOne(job: Job) {
    const handler = handlers[job.kind];
    try {
      if (!handler || 'batch' in handler) throw new Error(`No handler for job kind ${job.kind}`);
      await finish([job], [await handler(job)]);
    } catch (error) {
      await failed(job, error);
    }
  }

  /** One batch handler call for all claimed jobs of a kind. */
  async function runBatch(handler: BatchJobHandler, claimed: Job[]) {
    try {
      await finish(claimed, await handler.batch(claimed));
    } catch (error) {
      await Promise.all(claimed.map((job) => failed(job, error)));
    }
  }

  async function runDue(): Promise<number> {
    const claimed = await claim(db, batch, kinds);
    const byKind = new Map<string, Job[]>();
    for (const job of claimed) byKind.set(job.kind, [...(byKind.get(job.kind) ?? []), job]);
    await Promise.all(
      [...byKind].map(([kind, jobsOfKind]) => {
        const handler = handlers[kind];
        return handler && 'batch' in handler ? runBatch(handler, jobsOfKind) : Promise.all(jobsOfKind.map(runOne));
      }),
    );
    return claimed.length;
  }

  async function loop() {
    timer = undefined;
    if (!running) return;
    const round = runDue().catch((error: unknown) => {
      log.error({ err: error }, 'job round failed');
      return 0;
    });
    current = round;
    const ran = await round;
    // A full batch means more may be due: go again at once.
    if (running) timer = setTimeout(loop, ran === batch ? 0 : pollMs);
  }

  return {
    start() {
      if (running) return;
      running = true;
      timer = setTimeout(loop, 0);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await current.catch(() => undefined);
    },
    runDue,
  };
}
