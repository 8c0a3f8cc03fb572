import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { rows } from '../db/sql.ts';
import { createJobRunner, enqueueJobs, type Job } from './queue.ts';

/** The jobs table: at most one job per key, outcomes, back-off after errors, lapsed claims, batch handlers. */
describe('jobs queue', () => {
  let t: TestContext;
  const jobRows = () =>
    rows<{ kind: string; key: string | null; attempts: number; last_error: string | null; due: boolean }>(
      t.database.db,
      sql`select kind, key, attempts, last_error, run_at <= now() as due from jobs order by created_at`,
    );

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.database.db.execute(sql`delete from jobs`);
  });

  it('keeps one job per key, deletes a finished job and reschedules one that asks to run again', async () => {
    await enqueueJobs(t.database.db, [
      { kind: 'done', key: 'k1' },
      { kind: 'done', key: 'k1' },
      { kind: 'again', key: 'k2' },
    ]);
    expect(await jobRows()).toHaveLength(2);
    const seen: string[] = [];
    const runner = createJobRunner({
      db: t.database.db,
      log: t.app.log,
      handlers: {
        done: async (job) => {
          seen.push(job.kind);
          return undefined;
        },
        again: async (job) => {
          seen.push(job.kind);
          return { runAt: new Date(Date.now() + 60_000) };
        },
      },
    });
    expect(await runner.runDue()).toBe(2);
    expect(await runner.runDue()).toBe(0);
    expect(seen.sort()).toEqual(['again', 'done']);
    expect(await jobRows()).toEqual([expect.objectContaining({ kind: 'again', attempts: 1, due: false })]);
  });

  it('a failing handler is retried later with its error kept; a lapsed claim is taken over', async () => {
    await enqueueJobs(t.database.db, [{ kind: 'boom' }, { kind: 'crashed' }]);
    // An instance claimed this one and died: its claim ran out.
    await t.database.db.execute(
      sql`update jobs set locked_until = now() - interval '1 second', attempts = 1 where kind = 'crashed'`,
    );
    const runner = createJobRunner({
      db: t.database.db,
      log: t.app.log,
      handlers: {
        boom: async () => {
          throw new Error('provider down');
        },
        crashed: async () => undefined,
      },
    });
    expect(await runner.runDue()).toBe(2);
    expect(await jobRows()).toEqual([
      expect.objectContaining({ kind: 'boom', attempts: 1, last_error: 'provider down', due: false }),
    ]);
  });

  it('a claimed job is not run twice by two runners at once', async () => {
    await enqueueJobs(
      t.database.db,
      Array.from({ length: 30 }, (_, i) => ({ kind: 'count', key: `c${i}` })),
    );
    const runs: string[] = [];
    const handlers = {
      count: async (job: Job) => {
        runs.push(job.key as string);
        await new Promise((r) => setTimeout(r, 5));
        return undefined;
      },
    };
    const a = createJobRunner({ db: t.database.db, log: t.app.log, handlers, batch: 10 });
    const b = createJobRunner({ db: t.database.db, log: t.app.log, handlers, batch: 10 });
    while ((await Promise.all([a.runDue(), b.runDue()])).some((n) => n > 0)) {}
    expect(runs).toHaveLength(30);
    expect(new Set(runs).size).toBe(30);
  });

  it('a batch handler gets every claimed job of its kind in one call', async () => {
    await enqueueJobs(
      t.database.db,
      Array.from({ length: 5 }, (_, i) => ({ kind: 'many', key: `m${i}`, payload: { n: i } })),
    );
    const calls: number[] = [];
    const runner = createJobRunner({
      db: t.database.db,
      log: t.app.log,
      handlers: {
        many: {
          batch: async (jobs) => {
            calls.push(jobs.length);
            return jobs.map((j) =>
              Number(j.payload.n) % 2 === 0 ? undefined : { runAt: new Date(Date.now() + 60_000) },
            );
          },
        },
      },
    });
    await runner.runDue();
    expect(calls).toEqual([5]);
    expect((await jobRows()).map((r) => r.key)).toEqual(['m1', 'm3']);
  });

  it('a runner claims only the kinds it handles: a slow lane never holds up a fast one', async () => {
    await enqueueJobs(t.database.db, [
      { kind: 'slow', key: 's' },
      { kind: 'fast', key: 'f' },
    ]);
    let release: () => void = () => undefined;
    const slow = createJobRunner({
      db: t.database.db,
      log: t.app.log,
      handlers: { slow: () => new Promise((resolve) => (release = () => resolve(undefined))) },
    });
    const fast = createJobRunner({ db: t.database.db, log: t.app.log, handlers: { fast: async () => undefined } });
    const slowRound = slow.runDue();
    // The slow round is still running; the fast job is claimed and finished by its own lane meanwhile.
    await expect.poll(async () => (await jobRows()).find((r) => r.kind === 'slow')?.attempts).toBe(1);
    expect((await jobRows()).find((r) => r.kind === 'fast')?.attempts).toBe(0);
    expect(await fast.runDue()).toBe(1);
    expect((await jobRows()).map((r) => r.kind)).toEqual(['slow']);
    release();
    expect(await slowRound).toBe(1);
    expect(await jobRows()).toEqual([]);
  });
});
