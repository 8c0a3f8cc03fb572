import { deviceAlarmCodes, deviceErrorCodes } from '@fleetdesk/contracts';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from '../../../test/harness.ts';
import { assetEvents, assets } from '../../db/schema/index.ts';
import { seedDemoData } from '../../db/seed/demo.ts';
import { secretBoxFor } from '../../lib/secret-box.ts';

const DAY = 86_400_000;

describe('demo asset events', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
    const secrets = secretBoxFor({ secretsKey: undefined, dataDir: t.dataDir });
    await t.database.db.transaction((tx) => seedDemoData(tx, { password: 'demo-password-1', secrets }));
  }, 120_000);
  afterAll(() => t.close());

  it('gives the demo fleet 30 days of alarms and errors, and the latest of each on its asset', async () => {
    const { db } = t.database;
    const byType = await db
      .select({
        type: assetEvents.type,
        codes: sql<string[]>`array_agg(distinct ${assetEvents.code})`,
        n: sql<number>`count(*)::int`,
        first: sql<string>`min(${assetEvents.occurredAt})::text`,
        last: sql<string>`max(${assetEvents.occurredAt})::text`,
      })
      .from(assetEvents)
      .groupBy(assetEvents.type);
    const alarms = byType.find((r) => r.type === 'device-alarm');
    const errors = byType.find((r) => r.type === 'device-error');
    expect(alarms?.n).toBeGreaterThan(1000);
    expect(errors?.n).toBeGreaterThan(300);
    expect([...(alarms?.codes ?? [])].sort()).toEqual([...deviceAlarmCodes].sort());
    expect([...(errors?.codes ?? [])].sort()).toEqual([...deviceErrorCodes].sort());
    expect(Date.parse(alarms?.first ?? '')).toBeGreaterThan(Date.now() - 30 * DAY - 60_000);
    expect(Date.parse(alarms?.last ?? '')).toBeLessThanOrEqual(Date.now());

    // Each asset keeps its latest alarm: the newest alarm event of an asset is the one on its row.
    const [withAlarm] = await db
      .select({ id: assets.id, code: assets.alarmCode, at: assets.alarmAt })
      .from(assets)
      .where(isNotNull(assets.alarmAt))
      .limit(1);
    const [latest] = await db
      .select({ code: assetEvents.code, at: sql<string>`max(${assetEvents.occurredAt})` })
      .from(assetEvents)
      .where(and(eq(assetEvents.assetId, withAlarm?.id as string), eq(assetEvents.type, 'device-alarm')))
      .groupBy(assetEvents.code)
      .orderBy(sql`2 desc`)
      .limit(1);
    expect(latest?.code).toBe(withAlarm?.code);

    // A few, not most, are in alarm or error right now.
    const recent = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(assets)
      .where(gt(assets.alarmAt, new Date(Date.now() - DAY)));
    const total = await db.select({ n: sql<number>`count(*)::int` }).from(assets);
    expect(recent[0]?.n).toBeGreaterThan(5);
    expect(recent[0]?.n).toBeLessThan((total[0]?.n ?? 0) / 10);
  });

  it('makes every dashboard tab show figures for the month', async () => {
    const q = new URLSearchParams({
      from: new Date(Date.now() - 30 * DAY).toISOString(),
      to: new Date().toISOString(),
      timeZone: 'Europe/Rome',
    });
    const overview = await call(t.app, 'GET', `/dashboard/asset/overview?${q}`, { token: t.owner.token });
    expect(overview.statusCode, overview.body).toBe(200);
    const o = overview.json().data;
    expect(o.events.alarms).toBeGreaterThan(0);
    expect(o.byStatus.find((s: { status: string }) => s.status === 'Alarm').count).toBeGreaterThan(0);
    for (const tab of ['alarm', 'error']) {
      const res = await call(t.app, 'GET', `/dashboard/asset/${tab}?${q}`, { token: t.owner.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.topAssets).toHaveLength(10);
      expect(res.json().data.series.length).toBeGreaterThan(20);
    }
  });
});
