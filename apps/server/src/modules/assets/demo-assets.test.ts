import { randomUUID } from 'node:crypto';
import { assetInput, assetLifeCycleStates, assetTurnoverStates, assetUsageModes } from '@fleetdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from '../../../test/harness.ts';
import { assetCategories, assetProperties, assets, assetUniqueValues, sites } from '../../db/schema/index.ts';
import { seed } from '../../db/seed/builders.ts';
import { seedDemoAssets } from '../../db/seed/demo-assets.ts';

describe('demo assets', () => {
  let t: TestContext;
  let partners: {
    milano: { id: string; name: string };
    barcelona: { id: string; name: string };
    seoul: { id: string; name: string };
  };

  beforeAll(async () => {
    t = await createTestContext();
    const { db } = t.database;
    const seoul = await seed.partner(db, { name: 'Seoul', addressCity: 'Seoul' });
    partners = { milano: t.partnerA, barcelona: t.partnerB, seoul: { id: seoul.id, name: seoul.name } };
    for (const [partner, latitude, longitude] of [
      [t.partnerA.id, 45.46, 9.19],
      [t.partnerA.id, 45.48, 9.2],
      [t.partnerB.id, 41.38, 2.17],
      [seoul.id, 37.56, 126.97],
    ] as const) {
      await db.insert(sites).values({
        id: randomUUID(),
        partnerId: partner,
        name: `Site ${latitude}`,
        type: 'station',
        city: 'x',
        latitude,
        longitude,
      });
    }
  });
  afterAll(() => t.close());

  it('seeds nothing while there are no categories', async () => {
    await seedDemoAssets(t.database.db, partners);
    expect(await t.database.db.select().from(assets)).toHaveLength(0);
  });

  it('seeds about 2,000 valid assets across partners, sites and categories', async () => {
    const { db } = t.database;
    const categories = [
      { id: randomUUID(), name: 'E-bike', assetType: 'EBIKE', isIot: true },
      { id: randomUUID(), name: 'Battery', assetType: 'BATTERY', isIot: false },
      { id: randomUUID(), name: 'Moped', assetType: 'MOTORBIKE', isIot: true },
    ];
    await db.insert(assetCategories).values(categories);
    const frame = randomUUID();
    const plate = randomUUID();
    await db.insert(assetProperties).values([
      {
        id: frame,
        categoryId: categories[0]?.id as string,
        name: 'Frame number',
        valueType: 'TEXT',
        updateMethod: 'UNMODIFIABLE',
        isUnique: true,
      },
      {
        id: randomUUID(),
        categoryId: categories[0]?.id as string,
        name: 'Purchase date',
        valueType: 'DATE',
        updateMethod: 'MANUAL',
      },
      {
        id: plate,
        categoryId: categories[2]?.id as string,
        name: 'Plate number',
        valueType: 'TEXT',
        updateMethod: 'MANUAL',
        isUnique: true,
      },
      {
        id: randomUUID(),
        categoryId: categories[2]?.id as string,
        name: 'Insurance expiry',
        valueType: 'DATE',
        updateMethod: 'MANUAL',
      },
    ]);

    const started = Date.now();
    await seedDemoAssets(db, partners);
    expect(Date.now() - started).toBeLessThan(20_000);

    const rows = await db.select().from(assets);
    expect(rows.length).toBeGreaterThanOrEqual(1900);
    expect(rows.length).toBeLessThanOrEqual(2100);
    const siteRows = await db.select().from(sites);
    const siteOwner = new Map(siteRows.map((s) => [s.id, s.partnerId]));
    for (const row of rows) {
      expect(row.no).toMatch(/^(MI|BC|SE)[EPM]\d{5}$/);
      // Every row would pass the create contract.
      expect(assetInput.safeParse({ no: row.no, partnerId: row.partnerId, usageMode: row.usageMode }).success).toBe(
        true,
      );
      expect(assetLifeCycleStates).toContain(row.lifeCycleState);
      expect(assetTurnoverStates).toContain(row.turnoverState);
      expect(assetUsageModes).toContain(row.usageMode);
    }
    const sited = rows.filter((r) => r.siteId !== null);
    expect(sited.length).toBeGreaterThan(0);
    for (const row of sited) expect(siteOwner.get(row.siteId as string)).toBe(row.partnerId);
    const connected = rows.filter((r) => r.iotDeviceNo !== null);
    expect(connected.length).toBeGreaterThan(500);
    for (const row of connected) {
      expect(categories.find((c) => c.id === row.categoryId)?.isIot).toBe(true);
      expect(row.chargePct).toBeGreaterThanOrEqual(0);
      expect(row.chargePct).toBeLessThanOrEqual(100);
      expect(row.latitude).not.toBeNull();
    }
    const tboxes = connected.filter((r) => r.iotVendor === 'tbox');
    expect(tboxes.length).toBeGreaterThan(0);
    for (const row of tboxes) expect(row.iotBatteryVoltageMilli).toBeGreaterThanOrEqual(3300);
    for (const partner of Object.values(partners))
      expect(rows.filter((r) => r.partnerId === partner.id).length).toBeGreaterThan(600);
    expect(new Set(rows.map((r) => r.lifeCycleState)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((r) => r.turnoverState))).toEqual(
      new Set(['InSite', 'RentingOut', 'Dispatching', 'Unknown']),
    );
    expect(new Set(rows.flatMap((r) => (r.iotVendor ? [r.iotVendor] : []))).size).toBeGreaterThanOrEqual(2);
    const devices = rows.flatMap((r) => (r.iotDeviceNo ? [r.iotDeviceNo] : []));
    expect(devices.length).toBeGreaterThan(500);

    // Unique values are unique and mirrored in asset_unique_values.
    const unique = await db.select().from(assetUniqueValues);
    const withFrame = rows.filter((r) => (r.properties as Record<string, unknown>)[frame] !== undefined);
    expect(withFrame.length).toBeGreaterThan(0);
    expect(unique.filter((u) => u.propertyId === frame)).toHaveLength(withFrame.length);
    expect(unique.some((u) => u.propertyId === plate)).toBe(true);

    // A demo asset reads back through the API (its values satisfy the response contract).
    const sample = rows.find((r) => r.iotDeviceNo) as (typeof rows)[number];
    const res = await call(t.app, 'GET', `/asset/assets/${sample.no}`, { token: t.owner.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.iot.deviceNo).toBe(sample.iotDeviceNo);
  });
});
