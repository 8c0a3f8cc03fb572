import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripWorker } from '../../src/modules/trips/trips.jobs.ts';
import { freshPostgresDatabase } from '../harness.ts';
import { until } from './fleet.ts';

/**
 * The trip builder's thread (TRIP_BUILDER=worker) on a real PostgreSQL: it connects under its own name, comes back
 * with new connections after it dies, and leaves nothing behind when stopped. Building trips through it across
 * nodes is jobs.test.ts's.
 */
describe('the trip builder thread', () => {
  let database: { url: string; drop: () => Promise<void> };
  let client: pg.Client;
  const logged: string[] = [];
  const log = pino(
    { level: 'error' },
    new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk));
        done();
      },
    }),
  );

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  /** The backends of this process's trip thread. */
  const backends = async () =>
    (
      await client.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and application_name = $1`,
        [`fleetdesk-trips-${process.pid}`],
      )
    ).rows.map((r) => r.pid);

  it('runs on connections of its own, is started again after it dies and closes them when stopped', async () => {
    const builder = tripWorker({ databaseUrl: database.url, logLevel: 'warn', log });
    builder.start();
    const first = await until(backends, (pids) => pids.length > 0, 20_000);
    expect(first.length).toBeGreaterThan(0);

    // A crash, as far as the server can tell: the thread ends without being asked.
    await builder.thread()?.terminate();
    const second = await until(backends, (pids) => pids.length > 0 && pids.every((p) => !first.includes(p)), 20_000);
    expect(second.some((p) => first.includes(p))).toBe(false);
    expect(logged.join('')).toContain('trip builder thread ended; starting it again');

    await builder.stop();
    expect(builder.thread()).toBeUndefined();
    expect(await until(backends, (pids) => pids.length === 0, 10_000)).toEqual([]);
  });
});
