import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/sql.ts';
import { ADMIN_URL, createTestContext, type TestContext } from './harness.ts';

/**
 * The PostgreSQL pool outlives a connection the server ends (a restart, pg_terminate_backend, a database dropped
 * with force): the idle client's error must not crash the process, and the next query gets a new connection.
 */
describe.skipIf(process.env.TEST_DATABASE !== 'postgres')('database pool', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t?.close());

  it('survives the server ending an idle connection', async () => {
    const [me] = await rows<{ pid: number; db: string }>(
      t.database.db,
      sql`select pg_backend_pid() as pid, current_database() as db`,
    );
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [me?.db]);
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [again] = await rows<{ ok: number }>(t.database.db, sql`select 1 as ok`);
    expect(again?.ok).toBe(1);
  });

  it('runs without JIT: the batched reads are estimated at millions of rows and would be compiled for nothing', async () => {
    const [setting] = await rows<{ jit: string }>(t.database.db, sql`select current_setting('jit') as jit`);
    expect(setting?.jit).toBe('off');
  });
});
