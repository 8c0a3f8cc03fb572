import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetCategories, assets } from '../src/db/schema/index.ts';
import { rows } from '../src/db/sql.ts';
import { createIngest } from '../src/iot/ingest.ts';
import { ADMIN_URL, createTestContext, type TestContext } from './harness.ts';

/**
 * A telemetry batch that PostgreSQL picks as a deadlock victim is written again, not lost. Ingest's own batches
 * lock asset rows in one order; another writer of the same rows (here a plain transaction) may not.
 */
describe.skipIf(process.env.TEST_DATABASE !== 'postgres')('telemetry ingest and deadlocks', () => {
  let t: TestContext;
  let other: pg.Client;
  beforeAll(async () => {
    t = await createTestContext();
    const [me] = await rows<{ db: string }>(t.database.db, sql`select current_database() as db`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${me?.db}`;
    other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await t?.close();
  });

  it('writes a batch again when it was the victim of a deadlock', async () => {
    const categoryId = randomUUID();
    await t.database.db
      .insert(assetCategories)
      .values({ id: categoryId, name: 'Deadlock e-bikes', assetType: 'EBIKE', isIot: true });
    // Ingest locks its rows in id order: `first` before `second`.
    const [firstId, secondId] = [randomUUID(), randomUUID()].sort() as [string, string];
    for (const [id, n] of [
      [firstId, 1],
      [secondId, 2],
    ] as const) {
      await t.database.db.insert(assets).values({
        id,
        no: `DL0000${n}`,
        partnerId: t.partnerA.id,
        categoryId,
        usageMode: 'customer-rental',
        lifeCycleState: 'Ready',
        iotDeviceNo: `DEV-DL-${n}`,
        iotVendor: 'tbox',
      });
    }
    const ingest = createIngest({ db: t.database.db, log: t.app.log });
    const ts = Date.now();

    // Another transaction holds the second asset as an update would (positions' foreign-key checks still pass);
    // ingest's latest-state update locks the first and waits for the second.
    await other.query('begin');
    await other.query('select 1 from assets where id = $1 for no key update', [secondId]);
    ingest.push({ kind: 'telemetry', deviceNo: 'DEV-DL-1', message: { ts, pos: { lat: 45.1, lng: 9.1 } } });
    ingest.push({ kind: 'telemetry', deviceNo: 'DEV-DL-2', message: { ts, pos: { lat: 45.2, lng: 9.2 } } });
    const written = ingest.flush();
    const waiting = async () =>
      (
        await rows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        )
      )[0]?.n ?? 0;
    for (let i = 0; i < 100 && (await waiting()) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await waiting()).toBe(1);
    // Now the other transaction wants the first: a cycle. Ingest waited longer, so its deadlock check (after
    // deadlock_timeout, 1 s) runs first and aborts its own transaction; the other one goes on and commits.
    await other.query('update assets set charge_pct = 5 where id = $1', [firstId]);
    await other.query('commit');
    await written;

    expect(ingest.stats).toMatchObject({ written: 2, failedBatches: 0 });
    const stateOf = async (id: string) => (await t.database.db.select().from(assets).where(eq(assets.id, id)))[0];
    expect(await stateOf(firstId)).toMatchObject({ latitude: 45.1, longitude: 9.1 });
    expect(await stateOf(secondId)).toMatchObject({ latitude: 45.2, longitude: 9.2 });
  });
});
