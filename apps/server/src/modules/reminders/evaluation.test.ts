import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { makeTimedAssets } from '../../../test/reminders.ts';
import { rows } from '../../db/sql.ts';
import { enqueueJobs } from '../../jobs/queue.ts';
import type { BuiltTrip } from '../trips/trip-builder.ts';
import { replaceTrips } from '../trips/trips.repo.ts';
import { recomputeCycles } from './cycle.repo.ts';
import { evaluateReminders } from './evaluation.ts';
import { addToOdometers } from './odometer.repo.ts';

const DAY = 86_400_000;
const after = (from: Date, ms: number) => new Date(from.getTime() + ms);

describe('reminder evaluation', () => {
  let t: TestContext;
  const db = () => t.database.db;

  interface TimerRow {
    id: string;
    asset_id: string;
    state: string;
    cycle: number;
    cycle_started_at: Date | string;
  }
  const timersOf = (groupId: string) =>
    rows<TimerRow>(
      db(),
      sql`select id, asset_id, state, cycle, cycle_started_at from asset_timers where group_id = ${groupId} order by id`,
    );
  const firesOf = (groupId: string) =>
    rows<{ asset_timer_id: string; kind: string; cycle: number; value: number; cause: string }>(
      db(),
      sql`select asset_timer_id, kind, cycle, value, cause from asset_timer_logs
        where group_id = ${groupId} and kind in ('upcoming', 'due', 'overdue') order by seq`,
    );
  /** Sets an asset's odometer to `km` (what the trip builder's differences would have summed to). */
  async function ride(assetId: string, km: number, hours = 0) {
    const [o] = await rows<{ distance_m: number; ride_seconds: number }>(
      db(),
      sql`select distance_m, ride_seconds from asset_odometers where asset_id = ${assetId}`,
    );
    await addToOdometers(db(), '*', [
      { assetId, distanceM: km * 1000 - (o?.distance_m ?? 0), rideSeconds: hours * 3600 - (o?.ride_seconds ?? 0) },
    ]);
  }

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t?.close());

  it('a distance timer fires upcoming, due and overdue once each, at the km its thresholds say', async () => {
    // 500 km, remind 50 km before: upcoming at 450, due at 500, overdue at 550 (10 % of the cycle).
    const { group, assets } = await makeTimedAssets(t, {
      count: 2,
      rule: { remindBeforeReset: true, remindBefore: 50 },
    });
    const [first, second] = assets;
    const now = new Date();
    await ride(first.id, 449);
    expect(await evaluateReminders(db(), now)).toEqual([]);
    await ride(first.id, 451);
    const round = await evaluateReminders(db(), now);
    expect(round).toEqual([{ partner_id: t.partnerA.id, upcoming: 1, due: 0, overdue: 0 }]);
    expect(await evaluateReminders(db(), now)).toEqual([]);
    await ride(first.id, 500);
    await ride(second.id, 560);
    await evaluateReminders(db(), now);
    await ride(first.id, 551);
    await evaluateReminders(db(), now);
    await evaluateReminders(db(), now);
    const fires = await firesOf(group.id);
    const byAsset = new Map((await timersOf(group.id)).map((r) => [r.id, r.asset_id]));
    const firstFires = fires.filter((f) => byAsset.get(f.asset_timer_id) === first.id);
    expect(firstFires.map((f) => [f.kind, Math.round(f.value)])).toEqual([
      ['upcoming', 451],
      ['due', 500],
      ['overdue', 551],
    ]);
    expect(firstFires.every((f) => f.cause === 'timer' && f.cycle === 1)).toBe(true);
    // A jump past every threshold logs the state reached, not the levels it skipped.
    const secondFires = fires.filter((f) => byAsset.get(f.asset_timer_id) === second.id);
    expect(secondFires.map((f) => f.kind)).toEqual(['overdue']);
    expect((await timersOf(group.id)).map((r) => r.state).sort()).toEqual(['overdue', 'overdue']);
  });

  it('a ride-time timer counts hours ridden', async () => {
    const { group, assets } = await makeTimedAssets(t, { count: 1, timer: { kind: 'rideTime', timingQuantity: 10 } });
    await ride(assets[0].id, 0, 9.9);
    await evaluateReminders(db());
    expect(await firesOf(group.id)).toEqual([]);
    await ride(assets[0].id, 0, 10);
    await evaluateReminders(db());
    expect((await firesOf(group.id)).map((f) => [f.kind, f.value])).toEqual([['due', 10]]);
  });

  it('a calendar timer fires on the fake clock: remind-before, due, overdue, and never twice', async () => {
    // 30 days, remind 2 days before; overdue 3 days after due.
    const { group } = await makeTimedAssets(t, {
      count: 1,
      timer: { kind: 'time', timingUnit: 'days', timingQuantity: 30 },
      rule: { remindBeforeReset: true, remindBefore: 2 },
    });
    const [row] = await timersOf(group.id);
    const start = new Date(row?.cycle_started_at as string);
    expect(await evaluateReminders(db(), after(start, 28 * DAY - 60_000))).toEqual([]);
    await evaluateReminders(db(), after(start, 28 * DAY));
    expect((await firesOf(group.id)).map((f) => f.kind)).toEqual(['upcoming']);
    await evaluateReminders(db(), after(start, 30 * DAY - 1000));
    expect((await firesOf(group.id)).map((f) => f.kind)).toEqual(['upcoming']);
    await evaluateReminders(db(), after(start, 30 * DAY));
    await evaluateReminders(db(), after(start, 33 * DAY));
    await evaluateReminders(db(), after(start, 40 * DAY));
    const fires = await firesOf(group.id);
    expect(fires.map((f) => f.kind)).toEqual(['upcoming', 'due', 'overdue']);
    expect(Math.round((fires[1]?.value ?? 0) / 86_400)).toBe(30);
  });

  it('a schedule is due at the next occurrence on the partner clock, across a DST change', async () => {
    await db().execute(sql`update partners set timezone = 'Europe/Rome' where id = ${t.partnerB.id}`);
    // Sundays 09:00 in Rome. Summer time starts on Sunday 2026-03-29: 09:00 there is 07:00Z (08:00Z a week before).
    const { group } = await makeTimedAssets(t, {
      partnerId: t.partnerB.id,
      count: 1,
      timer: { kind: 'schedule', cron: '0 9 * * 0' },
    });
    await db().execute(
      sql`update asset_timers set cycle_started_at = '2026-03-28T12:00:00Z' where group_id = ${group.id}`,
    );
    await db().transaction((tx) => recomputeCycles(tx, '*', { groupId: group.id }));
    expect(await evaluateReminders(db(), new Date('2026-03-29T06:59:59Z'))).toEqual([]);
    const round = await evaluateReminders(db(), new Date('2026-03-29T07:00:00Z'));
    expect(round).toEqual([{ partner_id: t.partnerB.id, upcoming: 0, due: 1, overdue: 0 }]);
    // Overdue 10 % of a week (16.8 h) after.
    await evaluateReminders(db(), new Date('2026-03-29T23:47:00Z'));
    expect((await firesOf(group.id)).map((f) => f.kind)).toEqual(['due']);
    await evaluateReminders(db(), new Date('2026-03-29T23:48:00Z'));
    expect((await firesOf(group.id)).map((f) => f.kind)).toEqual(['due', 'overdue']);
  });

  it('two rounds at once fire each reminder once, and notify each partner once per firing round', async () => {
    const { group, assets } = await makeTimedAssets(t, { count: 5 });
    for (const a of assets) await ride(a.id, 501);
    const before = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from notifications where user_id = ${t.owner.id} and kind = 'reminder'`,
    );
    const rounds = await Promise.all([evaluateReminders(db()), evaluateReminders(db()), evaluateReminders(db())]);
    const fired = rounds.flat().reduce((n, r) => n + r.due, 0);
    expect(fired).toBe(5);
    expect((await firesOf(group.id)).map((f) => f.kind)).toEqual(['due', 'due', 'due', 'due', 'due']);
    const notes = await rows<{ params: Record<string, number>; link: string }>(
      db(),
      sql`select params, link from notifications where user_id = ${t.owner.id} and kind = 'reminder'
        order by created_at desc, id limit 5`,
    );
    const after = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from notifications where user_id = ${t.owner.id} and kind = 'reminder'`,
    );
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(rounds.filter((r) => r.length > 0).length);
    expect(notes[0]).toMatchObject({
      params: { due: 5, overdue: 0, upcoming: 0 },
      link: '/reminder/asset-timer-log-center/list',
    });
  });

  it('the recurring job evaluates, keeps its watermark, and a restart (another round) fires nothing again', async () => {
    const { group, assets } = await makeTimedAssets(t, { count: 1 });
    await ride(assets[0]?.id as string, 600);
    await enqueueJobs(db(), t.app.reminders.initial);
    await db().execute(sql`update jobs set run_at = now() - interval '1 second' where key = 'reminders.evaluate'`);
    expect(await t.app.reminders.jobs.runDue()).toBe(1);
    expect((await firesOf(group.id)).map((f) => f.kind)).toEqual(['overdue']);
    const [job] = await rows<{ payload: { since?: string }; run_at: Date | string }>(
      db(),
      sql`select payload, run_at from jobs where key = 'reminders.evaluate'`,
    );
    expect(typeof job?.payload.since).toBe('string');
    expect(new Date(job?.run_at as string).getTime()).toBeGreaterThan(Date.now());
    await evaluateReminders(db(), new Date(), { since: new Date(Date.now() - 60_000) });
    await evaluateReminders(db());
    expect((await firesOf(group.id)).map((f) => f.kind)).toEqual(['overdue']);
  });
});

describe('odometer from trip writes', () => {
  let t: TestContext;
  const db = () => t.database.db;
  const odometer = async (assetId: string) =>
    (
      await rows<{ distance_m: number; ride_seconds: number }>(
        db(),
        sql`select distance_m, ride_seconds from asset_odometers where asset_id = ${assetId}`,
      )
    )[0] ?? null;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t?.close());

  const trip = (startedAt: number, minutes: number, km: number, status = 'finished'): BuiltTrip => ({
    status: status as BuiltTrip['status'],
    source: 'gps',
    startedAt,
    start: { lat: 45, lng: 9 },
    endedAt: startedAt + minutes * 60_000,
    end: { lat: 45.01, lng: 9.01 },
    distanceM: km * 1000,
    pointCount: 10,
  });

  it('adds inserted, changed and removed trips as differences: a rebuild never counts twice, a late trip once', async () => {
    const { assets, category } = await makeTimedAssets(t, { count: 1 });
    const asset = assets[0] as { id: string };
    const ctx = {
      assetId: asset.id,
      partnerId: t.partnerA.id,
      categoryId: category.id,
      locked: true,
      lastStartedAt: null,
      lastEndedAt: null,
      cursor: null,
    };
    const base = Date.parse('2026-11-20T08:00:00Z');
    const write = (from: number, built: BuiltTrip[]) =>
      db().transaction((tx) =>
        replaceTrips(tx, '*', [
          {
            ctx,
            from: new Date(from),
            built,
            cursor: { through: new Date(), state: { open: null, lastSeen: null } },
          },
        ]),
      );
    const ongoing = trip(base, 30, 5, 'ongoing');
    await write(base, [ongoing]);
    expect(await odometer(asset.id)).toEqual({ distance_m: 5000, ride_seconds: 1800 });
    // The trip grows: only its difference is added.
    await write(base, [trip(base, 60, 12)]);
    expect(await odometer(asset.id)).toEqual({ distance_m: 12000, ride_seconds: 3600 });
    // Rebuilt identical: nothing changes.
    await write(base, [trip(base, 60, 12)]);
    expect(await odometer(asset.id)).toEqual({ distance_m: 12000, ride_seconds: 3600 });
    // A trip of 40 hours ago lands late: it is added once, whatever rebuilds follow.
    const late = trip(base - 40 * 3_600_000, 15, 3);
    await write(base - 40 * 3_600_000, [late, trip(base, 60, 12)]);
    await write(base - 40 * 3_600_000, [late, trip(base, 60, 12)]);
    expect(await odometer(asset.id)).toEqual({ distance_m: 15000, ride_seconds: 4500 });
    // A trip the rebuild drops (e.g. merged away) is taken back.
    await write(base, []);
    expect(await odometer(asset.id)).toEqual({ distance_m: 3000, ride_seconds: 900 });
  });

  it('an asset that never rode has no odometer row', async () => {
    expect(await odometer(randomUUID())).toBeNull();
  });
});
