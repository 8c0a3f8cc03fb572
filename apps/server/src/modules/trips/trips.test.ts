import { randomUUID } from 'node:crypto';
import {
  MULTI_TRIP_MAX_MESSAGE,
  TRAIL_RANGE_MAX_MESSAGE,
  TRIP_EXPORT_TOO_LARGE_CODE,
  type Trail,
  type Trip,
  type TripWithRoute,
} from '@fleetdesk/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext, type TestUser } from '../../../test/harness.ts';
import {
  assetCategories,
  assetEvents,
  assetPositions,
  assets,
  jobs,
  tripCursors,
  trips,
} from '../../db/schema/index.ts';
import { explainPlan, type PlanNode } from '../../db/sql.ts';
import { createIngest } from '../../iot/ingest.ts';
import { enqueueJobs, type Job } from '../../jobs/queue.ts';
import { TRIP_BUILD_JOB, tripJobs } from './trips.jobs.ts';
import { historyReads } from './trips.repo.ts';
import { buildAssetTrips } from './trips.service.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('asset trips API', () => {
  let t: TestContext;
  let reader: TestUser; // asset.trip.read, every partner
  let exporter: TestUser; // read + export_data
  let partnerReader: TestUser; // asset.trip.read, partner A only
  let noTripRead: TestUser;
  let bikes: string;
  let scooters: string;
  const now = new Date(Math.floor(Date.now() / MIN) * MIN);
  const t0 = now.getTime() - 3 * HOUR;
  const ids = new Map<string, string>();

  /** A ride every `gap` minutes: one moving fix a minute for `minutes`, then the still lock report. */
  function rides(assetId: string, startMinutes: number[], minutes: number, lat0: number) {
    const rows: (typeof assetPositions.$inferInsert)[] = [];
    for (const start of startMinutes) {
      rows.push({
        assetId,
        recordedAt: new Date(t0 + (start - 1) * MIN),
        latitude: lat0,
        longitude: 9.19,
        velocity: 0,
      });
      for (let m = 0; m <= minutes; m++) {
        rows.push({
          assetId,
          recordedAt: new Date(t0 + (start + m) * MIN),
          latitude: lat0 + m * 0.002,
          longitude: 9.19,
          velocity: m === minutes ? 0 : 12,
        });
      }
    }
    return rows;
  }

  const assetRow = (no: string, partnerId: string, categoryId: string, lockState: string) => ({
    id: randomUUID(),
    no,
    partnerId,
    categoryId,
    lifeCycleState: 'Ready',
    usageMode: 'customer-rental',
    lockState,
  });

  /** An asset with a device, whose fixes come in through telemetry ingest as the gateway hands them over. */
  const deviceAsset = (no: string) => ({
    ...assetRow(no, t.partnerA.id, bikes, 'UNLOCKED'),
    iotDeviceNo: `DEV-${no}-${randomUUID().slice(0, 8)}`,
  });
  type Report = { at: number; lat?: number; vel?: number; chargePct?: number };
  /** One ingest batch of the device's reports (a report without `lat` has no position). */
  async function report(deviceNo: string, reports: Report[]) {
    const ingest = createIngest({ db: t.database.db, log: t.app.log });
    for (const r of reports) {
      ingest.push({
        kind: 'telemetry',
        deviceNo,
        message: {
          ts: r.at,
          ...(r.lat === undefined ? {} : { pos: { lat: r.lat, lng: 9.2 } }),
          ...(r.vel === undefined ? {} : { vel: r.vel }),
          ...(r.chargePct === undefined ? {} : { chargePct: r.chargePct }),
        },
      });
    }
    await ingest.flush();
    expect(ingest.stats).toMatchObject({ failedBatches: 0, unknownDevice: 0 });
  }
  const assetState = async (id: string) => (await t.database.db.select().from(assets).where(eq(assets.id, id)))[0];

  const get = (url: string, token = reader.token) => call(t.app, 'GET', url, { token });
  const list = (query: string, token = reader.token) =>
    get(`/asset/trips?${query}`, token).then((r) => ({ res: r, body: r.json<{ data: Trip[]; count: number }>() }));

  beforeAll(async () => {
    t = await createTestContext();
    const db = t.database.db;
    bikes = randomUUID();
    scooters = randomUUID();
    await db.insert(assetCategories).values([
      { id: bikes, name: 'Trip bikes', assetType: 'BIKE' },
      { id: scooters, name: 'Trip scooters', assetType: 'ESCOOTER' },
    ]);
    const asset = (no: string, partnerId: string, categoryId: string, lockState = 'LOCKED') => {
      const row = assetRow(no, partnerId, categoryId, lockState);
      ids.set(no, row.id);
      return row;
    };
    await db
      .insert(assets)
      .values([
        asset('TRA01', t.partnerA.id, bikes),
        asset('TRA02', t.partnerA.id, scooters, 'UNLOCKED'),
        asset('TRB01', t.partnerB.id, bikes),
      ]);
    const A1 = ids.get('TRA01') as string;
    const A2 = ids.get('TRA02') as string;
    const B1 = ids.get('TRB01') as string;
    await db.insert(assetPositions).values([
      // Three finished rides of 5 minutes, 40 minutes apart.
      ...rides(A1, [10, 50, 90], 5, 45.46),
      // One finished ride, and one still going (fixes up to a minute ago).
      ...rides(A2, [20], 4, 45.47),
      ...rides(A2, [176], 3, 45.48).map((r, i) => (i === 4 ? { ...r, velocity: 14 } : r)),
      ...rides(B1, [30, 100], 6, 41.39),
    ]);
    // A renting scan that never became a ride.
    await db.insert(assetEvents).values({
      assetId: B1,
      partnerId: t.partnerB.id,
      type: 'customer-renting-scan',
      occurredAt: new Date(t0 + 140 * MIN),
      latitude: 41.4,
      longitude: 2.17,
    });
    await buildAssetTrips(db, [A1, A2, B1], { now, floor: new Date(t0 - HOUR) });
    reader = await t.userWith(['asset.trip.read']);
    exporter = await t.userWith(['asset.trip.read', 'asset.trip.export_data']);
    partnerReader = await t.userWith(['asset.trip.read'], [t.partnerA.id]);
    noTripRead = await t.userWith(['asset.read']);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('builds trips from positions and events, and rebuilding changes nothing', async () => {
    const db = t.database.db;
    const before = await db.select().from(trips).orderBy(trips.startedAt);
    expect(before).toHaveLength(3 + 2 + 3);
    const changed = await buildAssetTrips(db, [...ids.values()], { now, floor: new Date(t0 - HOUR) });
    expect(changed).toBe(0);
    const after = await db.select().from(trips).orderBy(trips.startedAt);
    expect(after).toEqual(before);
  });

  it("keeps each asset's trip status: Ongoing while its latest trip is unfinished, else Finished", async () => {
    const db = t.database.db;
    const statusOf = async (no: string) =>
      (await db.select({ s: assets.tripStatus }).from(assets).where(eq(assets.no, no)))[0]?.s;
    expect(await statusOf('TRA01')).toBe('Finished');
    expect(await statusOf('TRA02')).toBe('Ongoing');
    expect(await statusOf('TRB01')).toBe('Finished');
    // The asset answer carries it.
    const viewer = await t.userWith(['asset.read']);
    const res = await call(t.app, 'GET', '/asset/assets/TRA02', { token: viewer.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { tripStatus: string } }>().data.tripStatus).toBe('Ongoing');
    // An hour later the ride has been parked too long: finished, and so is the asset.
    await buildAssetTrips(db, [ids.get('TRA02') as string], { now: new Date(now.getTime() + HOUR) });
    expect(await statusOf('TRA02')).toBe('Finished');
    await buildAssetTrips(db, [ids.get('TRA02') as string], { now, floor: new Date(t0 - HOUR) });
    expect(await statusOf('TRA02')).toBe('Ongoing');
  });

  it('lists trips newest first with asset, partner, category, status, distance and duration', async () => {
    const { res, body } = await list('pageSize=100');
    expect(res.statusCode).toBe(200);
    expect(body.count).toBe(8);
    const starts = body.data.map((d) => d.start.at);
    expect([...starts].sort().reverse()).toEqual(starts);
    const going = body.data[0] as Trip;
    expect(going).toMatchObject({ asset: { no: 'TRA02' }, status: 'ongoing', category: { name: 'Trip scooters' } });
    const ride = body.data.find((d) => d.asset.no === 'TRA01') as Trip;
    expect(ride).toMatchObject({ status: 'finished', partner: { id: t.partnerA.id }, durationS: 300 });
    // Five hops of 0.002° latitude, about 222 m each.
    expect(ride.distanceM).toBeGreaterThan(1100);
    expect(ride.distanceM).toBeLessThan(1125);
    const scan = body.data.find((d) => d.source === 'customer-renting-scan') as Trip;
    expect(scan).toMatchObject({ asset: { no: 'TRB01' }, status: 'finished', distanceM: 0 });
  });

  it('filters by asset number, partner, category, status and start time, and sorts', async () => {
    expect((await list('assetNo=tra01')).body.count).toBe(3);
    expect((await list(`partnerId=${t.partnerB.id}`)).body.count).toBe(3);
    expect((await list(`categoryId=${scooters}`)).body.count).toBe(2);
    expect((await list('status=ongoing')).body.data.map((d) => d.asset.no)).toEqual(['TRA02']);
    const from = new Date(t0 + 45 * MIN).toISOString();
    const to = new Date(t0 + 95 * MIN).toISOString();
    const ranged = await list(
      `startFrom=${encodeURIComponent(from)}&startTo=${encodeURIComponent(to)}&sort=startedAt:asc`,
    );
    expect(ranged.body.data.map((d) => d.asset.no)).toEqual(['TRA01', 'TRA01']);
    const paged = await list('pageSize=3&pageNo=3');
    expect(paged.body.data).toHaveLength(2);
  });

  it('keeps a partner user to their partners and refuses another partner filter', async () => {
    const { body } = await list('pageSize=100', partnerReader.token);
    expect(body.count).toBe(5);
    expect(new Set(body.data.map((d) => d.partner.id))).toEqual(new Set([t.partnerA.id]));
    const res = await get(`/asset/trips?partnerId=${t.partnerB.id}`, partnerReader.token);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('PartnerOutOfScope');
  });

  it('refuses without a session (401), without asset.trip.read (403) and bad filters (400)', async () => {
    expect((await call(t.app, 'GET', '/asset/trips')).statusCode).toBe(401);
    const forbidden = await get('/asset/trips', noTripRead.token);
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).code).toBe('Forbidden');
    expect((await get('/asset/trips?status=parked')).statusCode).toBe(400);
    expect((await get('/asset/trips?sort=distance:asc')).statusCode).toBe(400);
  });

  it('answers one trip with its route, and hides another partner’s trip', async () => {
    const { body } = await list('assetNo=TRB01&sort=startedAt:asc');
    const first = body.data[0] as Trip;
    const res = await get(`/asset/trips/${first.id}`);
    expect(res.statusCode).toBe(200);
    const trip = res.json<{ data: TripWithRoute }>().data;
    expect(trip.route.length).toBe(7);
    expect(trip.route[0]).toMatchObject({ lat: 41.39, lng: 9.19 });
    expect((await get(`/asset/trips/${first.id}`, partnerReader.token)).statusCode).toBe(404);
    expect((await get(`/asset/trips/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('answers several routes for the multi-trip map, at most 20', async () => {
    const { body } = await list('assetNo=TRA01');
    const chosen = body.data.slice(0, 2).map((d) => d.id);
    const res = await get(`/asset/trips/$routes?ids=${chosen.join(',')}`);
    expect(res.statusCode).toBe(200);
    const routes = res.json<{ data: TripWithRoute[] }>().data;
    expect(routes.map((r) => r.id)).toEqual(chosen);
    expect(routes.every((r) => r.route.length === 6)).toBe(true);
    const many = Array.from({ length: 21 }, () => randomUUID()).join(',');
    const refused = await get(`/asset/trips/$routes?ids=${many}`);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe(MULTI_TRIP_MAX_MESSAGE);
  });

  it("answers one asset's trail over at most 24 hours, thinned, in one index range", async () => {
    const from = new Date(t0).toISOString();
    const to = new Date(t0 + 4 * HOUR).toISOString();
    const q = (no: string, f = from, tt = to) =>
      `/asset/trails?assetNo=${no}&from=${encodeURIComponent(f)}&to=${encodeURIComponent(tt)}`;
    const res = await get(q('TRA01'));
    expect(res.statusCode).toBe(200);
    const trail = res.json<{ data: Trail }>().data;
    expect(trail.total).toBe(21);
    expect(trail.points).toHaveLength(21);
    expect(trail.trips).toHaveLength(3);

    const tooLong = await get(q('TRA01', from, new Date(t0 + 25 * HOUR).toISOString()));
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).message).toBe(TRAIL_RANGE_MAX_MESSAGE);
    expect((await get(q('NOSUCH1'))).statusCode).toBe(404);

    // On a table this small the planner would scan it; without that choice the read is one range of the trail
    // index, which carries the trail's columns (an index-only scan once the table is vacuumed).
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select recorded_at, latitude, longitude, velocity from asset_positions
            where asset_id = ${ids.get('TRA01')} and recorded_at >= now() - interval '1 day' and recorded_at <= now()`,
      );
    });
    expect(JSON.stringify(plan)).toMatch(/asset_positions_trail_idx/);
  });

  it('answers another partner’s trip, routes and trail exactly as missing ones', async () => {
    const { body } = await list('assetNo=TRB01&sort=startedAt:asc');
    const ofB = (body.data[0] as Trip).id;
    const token = partnerReader.token;
    const from = new Date(t0).toISOString();
    const to = new Date(t0 + 4 * HOUR).toISOString();
    const trail = (no: string) =>
      get(`/asset/trails?assetNo=${no}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, token);
    const pairs = [
      [await get(`/asset/trips/${ofB}`, token), await get(`/asset/trips/${randomUUID()}`, token)],
      [
        await get(`/asset/trips/$routes?ids=${ofB}`, token),
        await get(`/asset/trips/$routes?ids=${randomUUID()}`, token),
      ],
      [await trail('TRB01'), await trail('NOSUCH1')],
    ] as const;
    for (const [outOfScope, missing] of pairs) {
      expect(outOfScope.statusCode, outOfScope.body).toBe(404);
      expect([outOfScope.statusCode, errorOf(outOfScope).code, errorOf(outOfScope).message]).toEqual([
        missing.statusCode,
        errorOf(missing).code,
        errorOf(missing).message,
      ]);
    }
    // The owner still reads it.
    expect((await get(`/asset/trips/${ofB}`)).statusCode).toBe(200);
  });

  it('exports the filtered trips as CSV with export_data only', async () => {
    const res = await call(t.app, 'POST', '/asset/trips/$export', {
      token: exporter.token,
      body: { assetNo: 'TRA01' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toMatch(/^assetNo,partner,category,status/);
    expect(lines).toHaveLength(4);
    const refused = await call(t.app, 'POST', '/asset/trips/$export', { token: reader.token, body: {} });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses an export of more than 2,000 trips with a clear message', async () => {
    const db = t.database.db;
    const B1 = ids.get('TRB01') as string;
    await db.execute(sql`
      insert into trips (id, asset_id, partner_id, category_id, status, source, started_at, start_latitude,
        start_longitude, ended_at, end_latitude, end_longitude, distance_m, point_count)
      select gen_random_uuid(), ${B1}, ${t.partnerB.id}, ${bikes}, 'finished', 'movement',
        now() - interval '30 days' + g * interval '1 minute', 41.39, 2.17,
        now() - interval '30 days' + g * interval '1 minute' + interval '30 seconds', 41.39, 2.17, 10, 2
      from generate_series(1, 2000) g`);
    const res = await call(t.app, 'POST', '/asset/trips/$export', { token: exporter.token, body: {} });
    expect(res.statusCode).toBe(422);
    const error = errorOf(res);
    expect(error.code).toBe(TRIP_EXPORT_TOO_LARGE_CODE);
    expect(error.message).toMatch(/at most 2,000/);
    const narrowed = await call(t.app, 'POST', '/asset/trips/$export', {
      token: exporter.token,
      body: { partnerId: t.partnerA.id },
    });
    expect(narrowed.statusCode).toBe(200);
  });

  it('the recurring job builds trips of assets that moved since its watermark, and reschedules itself', async () => {
    const db = t.database.db;
    const asset = deviceAsset('TRJ01');
    const id = asset.id;
    await db.insert(assets).values(asset);
    const recent = Date.now() - 3 * MIN;
    await report(
      asset.iotDeviceNo,
      [0, 1, 2].map((m) => ({ at: recent + m * MIN, lat: 45.5 + m * 0.001, vel: 15 })),
    );
    await enqueueJobs(db, tripJobs({ db }).initial);
    const [row] = await db.select().from(jobs).where(eq(jobs.key, TRIP_BUILD_JOB));
    const job = { ...(row as Job), payload: { since: new Date(recent - MIN).toISOString() } };
    const handler = tripJobs({ db }).handlers[TRIP_BUILD_JOB];
    const outcome = await handler?.(job);
    expect(outcome?.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    const built = await db.select().from(trips).where(eq(trips.assetId, id));
    expect(built).toMatchObject([{ status: 'ongoing', source: 'movement' }]);
    const [after] = await db.select().from(jobs).where(eq(jobs.key, TRIP_BUILD_JOB));
    const since = (after?.payload as { since?: string } | undefined)?.since ?? '';
    expect(Date.parse(since)).toBeGreaterThan(recent);

    // The ride goes on. A trip changed within the refresh interval waits (each build has a fixed cost, and a riding
    // fleet built every round would pay it thousands of times a second); once the interval has passed, the round
    // extends the same trip.
    await report(asset.iotDeviceNo, [{ at: Date.now() - 10_000, lat: 45.51, vel: 15 }]);
    await handler?.({ ...job, payload: { since } });
    expect((await db.select().from(trips).where(eq(trips.assetId, id)))[0]?.endedAt).toEqual(built[0]?.endedAt);
    await db.execute(sql`update trips set updated_at = now() - interval '301 seconds' where asset_id = ${id}`);
    await handler?.({ ...job, payload: { since } });
    const extended = await db.select().from(trips).where(eq(trips.assetId, id));
    expect(extended).toHaveLength(1);
    expect(extended[0]?.id).toBe(built[0]?.id);
    expect(extended[0]?.endedAt.getTime()).toBeGreaterThan(built[0]?.endedAt.getTime() as number);
    expect(extended[0]?.distanceM).toBeGreaterThan(built[0]?.distanceM as number);
  });

  it('telemetry ingest keeps moved_at: the latest fix with a position that moves, or has no velocity to tell', async () => {
    const asset = deviceAsset('TRM01');
    await t.database.db.insert(assets).values(asset);
    const base = Date.now() - 10 * MIN;
    await report(asset.iotDeviceNo, [{ at: base, lat: 45.5, vel: 0 }]);
    expect(await assetState(asset.id)).toMatchObject({ movedAt: null, latitude: 45.5 });

    // One batch: a moving fix, then a still one and a reading without a position (both newer, neither moving).
    await report(asset.iotDeviceNo, [
      { at: base + MIN, lat: 45.51, vel: 12 },
      { at: base + 2 * MIN, lat: 45.52, vel: 0 },
      { at: base + 3 * MIN, chargePct: 70 },
    ]);
    expect(await assetState(asset.id)).toMatchObject({
      movedAt: new Date(base + MIN),
      latitude: 45.52,
      chargePct: 70,
      iotLastUpdateTime: new Date(base + 3 * MIN),
    });

    // A fix without a velocity reading may be movement: the builder decides by distance.
    await report(asset.iotDeviceNo, [{ at: base + 4 * MIN, lat: 45.53 }]);
    expect((await assetState(asset.id))?.movedAt).toEqual(new Date(base + 4 * MIN));
  });

  it('a moving report older than the latest state advances moved_at but leaves the state as it is', async () => {
    const asset = deviceAsset('TRM02');
    await t.database.db.insert(assets).values(asset);
    const base = Date.now() - 10 * MIN;
    await report(asset.iotDeviceNo, [{ at: base + 5 * MIN, lat: 45.5, vel: 0, chargePct: 80 }]);
    const state = {
      movedAt: null,
      latitude: 45.5,
      chargePct: 80,
      iotLastUpdateTime: new Date(base + 5 * MIN),
    };
    expect(await assetState(asset.id)).toMatchObject(state);

    // A device flushing its backlog: moving fixes older than the state it last reported.
    await report(asset.iotDeviceNo, [{ at: base + 2 * MIN, lat: 45.6, vel: 14, chargePct: 90 }]);
    expect(await assetState(asset.id)).toMatchObject({ ...state, movedAt: new Date(base + 2 * MIN) });
    // An even older one moves nothing back.
    await report(asset.iotDeviceNo, [{ at: base + MIN, lat: 45.7, vel: 14 }]);
    expect(await assetState(asset.id)).toMatchObject({ ...state, movedAt: new Date(base + 2 * MIN) });
    expect(await t.database.db.select().from(assetPositions).where(eq(assetPositions.assetId, asset.id))).toHaveLength(
      3,
    );
  });

  it('the recurring job does not build an asset whose only new fixes are still', async () => {
    const db = t.database.db;
    const parked = deviceAsset('TRM03');
    const riding = deviceAsset('TRM04');
    await db.insert(assets).values([parked, riding]);
    const recent = Date.now() - 3 * MIN;
    const fixes = (vel: number) => [0, 1, 2].map((m) => ({ at: recent + m * MIN, lat: 45.5 + m * 0.001, vel }));
    await report(parked.iotDeviceNo, fixes(0));
    await report(riding.iotDeviceNo, fixes(15));
    await enqueueJobs(db, tripJobs({ db }).initial);
    const [row] = await db.select().from(jobs).where(eq(jobs.key, TRIP_BUILD_JOB));
    await tripJobs({ db }).handlers[TRIP_BUILD_JOB]?.({
      ...(row as Job),
      payload: { since: new Date(recent - MIN).toISOString() },
    });
    // A build leaves a cursor, whether or not it found a trip.
    const cursorOf = async (id: string) => db.select().from(tripCursors).where(eq(tripCursors.assetId, id));
    expect(await cursorOf(parked.id)).toHaveLength(0);
    expect(await cursorOf(riding.id)).toHaveLength(1);
    expect(await db.select().from(trips).where(eq(trips.assetId, parked.id))).toHaveLength(0);
  });

  it('resumes each asset where its last build left off: rounds agree with one full build, and read only what is new', async () => {
    const db = t.database.db;
    const asset = assetRow('TRA09', t.partnerA.id, bikes, 'UNLOCKED');
    const id = asset.id;
    await db.insert(assets).values(asset);
    // A fix every 20 s: 40 minutes riding, 5 parked (stopped, lock open), 40 riding, then parked for good.
    const fixes: (typeof assetPositions.$inferInsert)[] = [];
    let lat = 45.5;
    for (let k = 0; k < 330; k++) {
      const minute = k / 3;
      const moving = minute < 40 || (minute >= 45 && minute < 85);
      if (moving) lat += 0.0005;
      const at = new Date(t0 + k * 20_000);
      fixes.push({ assetId: id, recordedAt: at, latitude: lat, longitude: 9.3, velocity: moving ? 9 : 0 });
    }
    const floor = new Date(t0 - HOUR);
    const mine = () => db.select().from(trips).where(eq(trips.assetId, id)).orderBy(trips.startedAt);
    // Rounds every 5 minutes; each fix arrives up to 90 s late (within the settle margin), so some land behind a
    // round that has already passed their time.
    let sent = 0;
    let roundNow = t0;
    const end = t0 + 130 * MIN;
    while (roundNow < end) {
      roundNow += 5 * MIN;
      const arrived = fixes.filter(
        (f, i) => i >= sent && (f.recordedAt as Date).getTime() + (i % 5) * 20_000 <= roundNow,
      );
      if (arrived.length > 0) await db.insert(assetPositions).values(arrived);
      sent += arrived.length;
      await buildAssetTrips(db, [id], { now: new Date(roundNow), floor });
      const [cursor] = await db.select().from(tripCursors).where(eq(tripCursors.assetId, id));
      expect(cursor?.through.getTime()).toBe(roundNow - 2 * MIN);
    }
    const rounds = await mine();
    expect(rounds.map((r) => r.status)).toEqual(['finished']);
    // Stopped for 5 minutes mid-way: one trip of 80 minutes of riding.
    expect(rounds[0]?.endedAt.getTime()).toBe(t0 + 85 * MIN);

    await db.delete(tripCursors).where(eq(tripCursors.assetId, id));
    await db.delete(trips).where(eq(trips.assetId, id));
    await buildAssetTrips(db, [id], { now: new Date(roundNow), floor });
    const whole = await mine();
    const figures = (r: typeof rounds) => r.map(({ id: _, updatedAt: __, ...rest }) => rest);
    expect(figures(rounds)).toEqual(figures(whole));

    // What is already behind the cursor is not read again: with the ride's first half gone from the history, a
    // resumed build keeps the trip's figures, and only a build without the cursor loses them.
    await db.delete(tripCursors).where(eq(tripCursors.assetId, id));
    await db.delete(trips).where(eq(trips.assetId, id));
    await db.delete(assetPositions).where(eq(assetPositions.assetId, id));
    const until = (minute: number) => fixes.filter((f) => (f.recordedAt as Date).getTime() <= t0 + minute * MIN);
    await db.insert(assetPositions).values(until(60));
    await buildAssetTrips(db, [id], { now: new Date(t0 + 60 * MIN), floor });
    const [midway] = await mine();
    expect(midway?.status).toBe('ongoing');
    await db.insert(assetPositions).values(until(65).slice(until(60).length));
    await db.execute(
      sql`delete from asset_positions where asset_id = ${id} and recorded_at < ${new Date(t0 + 30 * MIN).toISOString()}::timestamptz`,
    );
    await buildAssetTrips(db, [id], { now: new Date(t0 + 65 * MIN), floor });
    const [resumed] = await mine();
    expect(resumed?.startedAt).toEqual(midway?.startedAt);
    expect(resumed?.pointCount).toBeGreaterThan(midway?.pointCount as number);
    await db.delete(tripCursors).where(eq(tripCursors.assetId, id));
    await buildAssetTrips(db, [id], { now: new Date(t0 + 65 * MIN), floor });
    const [reread] = await mine();
    expect(reread?.pointCount).toBeLessThan(resumed?.pointCount as number);

    await db.delete(trips).where(eq(trips.assetId, id));
    await db.delete(assets).where(eq(assets.id, id));
  });

  it("reads a batch's histories and stored trips one index range per asset, never by scanning a whole table", async () => {
    const db = t.database.db;
    // Other assets' rows, enough that a join with the batch list would rather scan these tables than probe them.
    await db.execute(sql`
      insert into trips (id, asset_id, partner_id, category_id, status, source, started_at, start_latitude,
        start_longitude, ended_at, end_latitude, end_longitude, distance_m, point_count)
      select gen_random_uuid(), gen_random_uuid(), ${t.partnerA.id}, ${bikes}, 'finished', 'plan-test',
        now() - g * interval '1 minute', 45, 9, now(), 45, 9, 0, 1
      from generate_series(1, 3000) g`);
    await db.execute(sql`
      insert into asset_events (asset_id, partner_id, type, code, occurred_at, data)
      select gen_random_uuid(), ${t.partnerA.id}, 'device-report', 'plan-test', now() - g * interval '1 minute',
        '{"lock":"locked"}'::jsonb
      from generate_series(1, 3000) g`);
    await db.execute(sql`analyze trips`);
    await db.execute(sql`analyze asset_events`);
    const items = ['TRA01', 'TRA02', 'TRB01'].map((no) => ({ assetId: ids.get(no) as string, from: new Date(t0) }));
    const scans = async (query: SQL) => {
      const found: { relation: string; type: string }[] = [];
      const walk = (node: PlanNode) => {
        if (typeof node['Relation Name'] === 'string') {
          found.push({ relation: node['Relation Name'], type: String(node['Node Type']) });
        }
        for (const child of node.Plans ?? []) walk(child);
      };
      walk((await explainPlan(db, query)) ?? {});
      return found;
    };
    try {
      for (const [table, query] of [
        ['trips', historyReads.trips(items)],
        ['asset_events', historyReads.events(items)],
        ['asset_positions', historyReads.samples(items)],
        ['asset_positions', historyReads.before(items)],
      ] as const) {
        const reads = (await scans(query)).filter((r) => r.relation === table);
        expect(reads.length, table).toBeGreaterThan(0);
        expect(
          reads.filter((r) => r.type === 'Seq Scan'),
          table,
        ).toEqual([]);
      }
    } finally {
      await db.execute(sql`delete from trips where source = 'plan-test'`);
      await db.execute(sql`delete from asset_events where code = 'plan-test'`);
    }
  });
});
