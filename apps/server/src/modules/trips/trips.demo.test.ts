import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { trips } from '../../db/schema/index.ts';
import { seedDemoData } from '../../db/seed/demo.ts';
import { rows } from '../../db/sql.ts';
import { secretBoxFor } from '../../lib/secret-box.ts';
import { buildAssetTrips, buildTouchedTrips } from './trips.service.ts';

describe('demo trips', () => {
  let t: TestContext;
  let seedMs = 0;

  beforeAll(async () => {
    t = await createTestContext();
    const secrets = secretBoxFor({ secretsKey: undefined, dataDir: t.dataDir });
    const started = performance.now();
    await t.database.db.transaction((tx) => seedDemoData(tx, { password: 'demo-password-1', secrets }));
    seedMs = performance.now() - started;
  }, 180_000);
  afterAll(() => t.close());

  it('seeds finished rides of the last three days for each partner, with plausible distances', async () => {
    const { db } = t.database;
    const all = await db.select().from(trips);
    const [stats] = await rows<{ positions: number }>(db, sql`select count(*)::int as positions from asset_positions`);
    console.info(`demo seed ${Math.round(seedMs)} ms; ${all.length} trips; ${stats?.positions} positions`);
    expect(all.length).toBeGreaterThan(100);
    expect(new Set(all.map((x) => x.partnerId)).size).toBe(3);
    expect(all.every((x) => x.status === 'finished')).toBe(true);
    const km = all.map((x) => x.distanceM / 1000).sort((a, b) => a - b);
    expect(km[0]).toBeGreaterThan(0.02);
    expect(km.at(-1)).toBeLessThan(10);
    expect(all.some((x) => x.source === 'customer-renting-scan')).toBe(true);
    expect(all.some((x) => x.source === 'movement')).toBe(true);
  });

  it('rebuilding the demo fleet changes nothing', async () => {
    const { db } = t.database;
    const ids = (await db.selectDistinct({ id: trips.assetId }).from(trips)).map((r) => r.id);
    expect(await buildAssetTrips(db, ids, { floor: new Date(Date.now() - 5 * 86_400_000) })).toBe(0);
  });

  it('a job round over a quiet fleet and a catch-up over the last day', async () => {
    const { db } = t.database;
    let started = performance.now();
    await buildTouchedTrips(db, new Date(Date.now() - 30_000));
    const quiet = performance.now() - started;
    started = performance.now();
    expect(await buildTouchedTrips(db, new Date(Date.now() - 86_400_000))).toBe(0);
    const catchUp = performance.now() - started;
    console.info(`job round: quiet fleet ${Math.round(quiet)} ms, 24 h catch-up ${Math.round(catchUp)} ms`);
  });
});
