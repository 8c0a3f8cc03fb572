import { randomUUID } from 'node:crypto';
import { DASHBOARD_RANGE_MAX_MESSAGE } from '@fleetdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext, type TestUser } from '../../../test/harness.ts';
import { assetCategories, assetEvents, assets } from '../../db/schema/index.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Counted = { count: number };

describe('asset dashboard API', () => {
  let t: TestContext;
  let bikes: string;
  let scooters: string;
  let reader: TestUser; // asset.read, every partner
  let partnerReader: TestUser; // asset.read, partner A only
  let noAssetRead: TestUser;
  const now = Date.now();
  const ids = new Map<string, string>();

  /** A range query string: the last `days` days up to a minute from now, in UTC unless a zone is given. */
  const range = (days: number, extra: Record<string, string> = {}) =>
    new URLSearchParams({
      from: new Date(now - days * DAY).toISOString(),
      to: new Date(now + 60_000).toISOString(),
      ...extra,
    }).toString();
  const get = (path: string, query: string, token = reader.token) =>
    call(t.app, 'GET', `/dashboard/asset/${path}?${query}`, { token });

  beforeAll(async () => {
    t = await createTestContext();
    const db = t.database.db;
    bikes = randomUUID();
    scooters = randomUUID();
    await db.insert(assetCategories).values([
      { id: bikes, name: 'DB bikes', assetType: 'BIKE' },
      { id: scooters, name: 'DB scooters', assetType: 'ESCOOTER' },
    ]);
    const ago = (ms: number) => new Date(now - ms);
    const asset = (no: string, partnerId: string, values: Partial<typeof assets.$inferInsert> = {}) => {
      const id = randomUUID();
      ids.set(no, id);
      return {
        id,
        no,
        partnerId,
        categoryId: bikes,
        lifeCycleState: 'Ready',
        usageMode: 'customer-rental',
        ...values,
      };
    };
    const A = t.partnerA.id;
    const B = t.partnerB.id;
    await db.insert(assets).values([
      // Partner A: one of each display status, Active twice (with and without a device).
      asset('DBA01', A),
      asset('DBA02', A, { iotDeviceNo: 'DEV-A02', iotLastUpdateTime: ago(60_000), chargePct: 10 }),
      asset('DBA03', A, { iotDeviceNo: 'DEV-A03', iotLastUpdateTime: ago(2 * HOUR), chargePct: 55 }),
      asset('DBA04', A, { lifeCycleState: 'New', categoryId: scooters }),
      asset('DBA05', A, {
        iotDeviceNo: 'DEV-A05',
        iotLastUpdateTime: ago(60_000),
        chargePct: 85,
        alarmCode: 'tilt',
        alarmAt: ago(HOUR),
      }),
      asset('DBA06', A, {
        iotDeviceNo: 'DEV-A06',
        iotLastUpdateTime: ago(60_000),
        chargePct: 20,
        alarmCode: 'fall',
        alarmAt: ago(HOUR),
        errorCode: 'gps-fault',
        errorAt: ago(2 * HOUR),
      }),
      // An alarm of two days ago no longer shows.
      asset('DBA07', A, { lifeCycleState: 'Missing', alarmCode: 'tamper', alarmAt: ago(2 * DAY) }),
      asset('DBA08', A, { lifeCycleState: 'Removed' }),
      asset('DBA09', A, { lifeCycleState: 'Retired', categoryId: scooters }),
      // Partner B: three Active without a device, one with an alarm.
      asset('DBB01', B),
      asset('DBB02', B),
      asset('DBB03', B, { categoryId: scooters }),
      asset('DBB04', B, {
        iotDeviceNo: 'DEV-B04',
        iotLastUpdateTime: ago(60_000),
        alarmCode: 'tamper',
        alarmAt: ago(HOUR),
      }),
    ]);
    const event = (no: string, type: string, code: string | null, msAgo: number) => ({
      assetId: ids.get(no) as string,
      partnerId: no.startsWith('DBA') ? A : B,
      type,
      code,
      occurredAt: ago(msAgo),
    });
    await db.insert(assetEvents).values([
      event('DBA05', 'device-alarm', 'tilt', HOUR),
      event('DBA05', 'device-alarm', 'tilt', 3 * HOUR),
      event('DBA05', 'device-alarm', 'tilt', 5 * HOUR),
      event('DBA06', 'device-alarm', 'fall', HOUR),
      event('DBA07', 'device-alarm', 'tamper', 2 * DAY),
      event('DBA06', 'device-error', 'gps-fault', 2 * HOUR),
      event('DBB04', 'device-alarm', 'tamper', HOUR),
      event('DBB04', 'device-alarm', 'smoke', 90 * 60_000),
      // Outside every range asked below, and not an alarm.
      event('DBA05', 'device-alarm', 'tilt', 40 * DAY),
      event('DBA02', 'device-report', null, HOUR),
    ]);
    reader = await t.userWith(['asset.read'], '*');
    partnerReader = await t.userWith(['asset.read'], [A]);
    noAssetRead = await t.userWith(['partner.read'], '*');
  });
  afterAll(() => t.close());

  it('counts the fleet by display status, presence, charge, partner and category', async () => {
    const res = await get('overview', range(1));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(13);
    expect(Object.fromEntries(data.byStatus.map((s: { status: string } & Counted) => [s.status, s.count]))).toEqual({
      Active: 5,
      Inactive: 1,
      New: 1,
      Alarm: 2,
      Missing: 1,
      Removed: 1,
      Retired: 1,
      Error: 1,
    });
    expect(data.iot).toEqual({ online: 4, offline: 1, unbound: 8 });
    expect(data.battery).toEqual([
      { bucket: '0-20', count: 1 },
      { bucket: '20-50', count: 1 },
      { bucket: '50-80', count: 1 },
      { bucket: '80-100', count: 1 },
      { bucket: 'unknown', count: 9 },
    ]);
    expect(data.byPartner).toEqual([
      { id: t.partnerA.id, name: 'Partner A', count: 9 },
      { id: t.partnerB.id, name: 'Partner B', count: 4 },
    ]);
    expect(data.byCategory).toEqual([
      { id: bikes, name: 'DB bikes', count: 10 },
      { id: scooters, name: 'DB scooters', count: 3 },
    ]);
    // The last day: 5 alarms (3 tilt, 1 fall, 1 tamper … and the unknown "smoke"), 1 error.
    expect(data.events).toMatchObject({ bucket: 'hour', alarms: 6, errors: 1 });
    const perBucket = data.events.series.reduce((sum: number, b: { alarms: number }) => sum + b.alarms, 0);
    expect(perBucket).toBe(6);
  });

  it('counts device alarms of the period by code, per day, with the top assets and the assets in alarm now', async () => {
    const res = await get('alarm', range(3));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ kind: 'alarm', bucket: 'day', total: 7, assets: 4 });
    expect(data.byCode).toEqual([
      { code: 'tilt', count: 3 },
      { code: 'illegal-move', count: 0 },
      { code: 'low-battery', count: 0 },
      { code: 'tamper', count: 2 },
      { code: 'fall', count: 1 },
      { code: 'smoke', count: 1 },
    ]);
    expect(data.series.reduce((sum: number, s: Counted) => sum + s.count, 0)).toBe(7);
    expect(data.topAssets[0]).toMatchObject({
      no: 'DBA05',
      count: 3,
      lastCode: 'tilt',
      partner: { id: t.partnerA.id, name: 'Partner A' },
    });
    // DBA06 has an alarm but its error wins (document 2 §4 precedence).
    expect(data.current).toEqual([
      { code: 'tamper', count: 1 },
      { code: 'tilt', count: 1 },
    ]);

    const errors = await get('error', range(3));
    expect(errors.statusCode, errors.body).toBe(200);
    expect(errors.json().data).toMatchObject({
      kind: 'error',
      total: 1,
      assets: 1,
      byCode: [
        { code: 'gps-fault', count: 1 },
        { code: 'communication-timeout', count: 0 },
        { code: 'controller-fault', count: 0 },
        { code: 'battery-fault', count: 0 },
      ],
      topAssets: [{ no: 'DBA06', count: 1, lastCode: 'gps-fault' }],
      current: [{ code: 'gps-fault', count: 1 }],
    });
  });

  it('ranks the assets with most alarms by the alarms of the period it is asked for, and no others', async () => {
    const lastTwoHours = new URLSearchParams({
      from: new Date(now - 2 * HOUR).toISOString(),
      to: new Date(now + 60_000).toISOString(),
    }).toString();
    const res = await get('alarm', lastTwoHours);
    expect(res.statusCode, res.body).toBe(200);
    const top = res.json().data.topAssets.map((a: { no: string; count: number }) => `${a.no}:${a.count}`);
    // DBA05 raised three alarms today and one 40 days ago; only the one of the last two hours counts here.
    expect(top[0]).toBe('DBB04:2');
    // A tie (one alarm each, at the same time) is ordered by asset id.
    expect(top.slice(1).sort()).toEqual(['DBA05:1', 'DBA06:1']);
  });

  it("breaks days at the caller's midnight", async () => {
    const from = '2026-01-10T15:00:00.000Z'; // midnight in Seoul
    const to = '2026-01-17T15:00:00.000Z';
    const db = t.database.db;
    const id = ids.get('DBB01') as string;
    await db.insert(assetEvents).values([
      {
        assetId: id,
        partnerId: t.partnerB.id,
        type: 'device-error',
        code: 'battery-fault',
        occurredAt: new Date('2026-01-11T14:59:00Z'),
      },
      {
        assetId: id,
        partnerId: t.partnerB.id,
        type: 'device-error',
        code: 'battery-fault',
        occurredAt: new Date('2026-01-11T15:01:00Z'),
      },
    ]);
    const query = new URLSearchParams({ from, to, timeZone: 'Asia/Seoul' }).toString();
    const res = await get('error', query);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.series).toEqual([
      { at: '2026-01-10T15:00:00.000Z', code: 'battery-fault', count: 1 },
      { at: '2026-01-11T15:00:00.000Z', code: 'battery-fault', count: 1 },
    ]);
    const utc = await get('error', new URLSearchParams({ from, to }).toString());
    expect(utc.json().data.series).toEqual([{ at: '2026-01-11T00:00:00.000Z', code: 'battery-fault', count: 2 }]);
  });

  it('narrows to a partner and a category', async () => {
    const byPartner = await get('overview', range(1, { partnerId: t.partnerB.id }));
    expect(byPartner.statusCode, byPartner.body).toBe(200);
    expect(byPartner.json().data).toMatchObject({ total: 4, events: { alarms: 2, errors: 0 } });

    const byCategory = await get('alarm', range(3, { categoryId: scooters }));
    expect(byCategory.json().data).toMatchObject({ total: 0, assets: 0, topAssets: [], current: [] });
    const overview = await get('overview', range(3, { categoryId: scooters }));
    expect(overview.json().data.total).toBe(3);
  });

  it('shows a partner user only their partners, and refuses another partner', async () => {
    const res = await get('overview', range(1), partnerReader.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(9);
    expect(data.byPartner).toEqual([{ id: t.partnerA.id, name: 'Partner A', count: 9 }]);
    expect(data.events).toMatchObject({ alarms: 4, errors: 1 });

    const alarms = await get('alarm', range(3), partnerReader.token);
    expect(alarms.json().data.byCode.find((c: { code: string }) => c.code === 'tamper').count).toBe(1);
    expect(alarms.json().data.topAssets.map((a: { no: string }) => a.no)).not.toContain('DBB04');

    const other = await get('alarm', range(1, { partnerId: t.partnerB.id }), partnerReader.token);
    expect(other.statusCode).toBe(403);
    expect(errorOf(other).code).toBe('PartnerOutOfScope');
  });

  it('refuses a caller without a session (401) or without asset.read (403)', async () => {
    const anonymous = await call(t.app, 'GET', `/dashboard/asset/overview?${range(1)}`);
    expect(anonymous.statusCode).toBe(401);
    for (const path of ['overview', 'alarm', 'error']) {
      const res = await get(path, range(1), noAssetRead.token);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('Forbidden');
    }
  });

  it('takes at most 31 days (an autumn DST hour included) and refuses longer, reversed or malformed ranges', async () => {
    const from = new Date('2026-10-01T00:00:00+02:00');
    const q = (to: Date, extra: Record<string, string> = {}) =>
      new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), ...extra }).toString();
    // 31 local days in Rome across the October change: 745 hours.
    const ok = await get('overview', q(new Date('2026-11-01T00:00:00+01:00'), { timeZone: 'Europe/Rome' }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.events.bucket).toBe('day');

    const tooLong = await get('alarm', q(new Date('2026-11-02T00:00:00+01:00')));
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong)).toMatchObject({
      code: 'ValidationError',
      message: DASHBOARD_RANGE_MAX_MESSAGE,
      data: { fields: { 'query.to': DASHBOARD_RANGE_MAX_MESSAGE } },
    });

    const reversed = await get('error', q(from));
    expect(reversed.statusCode).toBe(400);
    expect(errorOf(reversed).message).toBe('Start must be before end');

    for (const bad of [
      'from=yesterday&to=2026-10-02T00:00:00Z',
      `${q(new Date('2026-10-02T00:00:00Z'))}&timeZone=Mars/Olympus`,
      `${q(new Date('2026-10-02T00:00:00Z'))}&partnerId=42`,
      `${q(new Date('2026-10-02T00:00:00Z'))}&unknown=1`,
      'to=2026-10-02T00:00:00Z',
    ]) {
      const res = await get('overview', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(errorOf(res).code).toBe('ValidationError');
    }
  });
});
