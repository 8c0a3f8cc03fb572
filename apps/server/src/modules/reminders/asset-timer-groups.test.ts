import {
  ASSET_ALREADY_TIMED_MESSAGE,
  ASSET_NOT_FOUND_MESSAGE,
  ASSET_NOT_IN_GROUP_MESSAGE,
  ASSET_OF_OTHER_CATEGORY_MESSAGE,
  ASSET_OF_OTHER_PARTNER_MESSAGE,
  type AssetTimerGroup,
  type AssetTimerProgress,
  type Timer,
} from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { makeAssets, makeCategory, makeGroup, makeResetRule, makeTimer } from '../../../test/reminders.ts';
import { rows } from '../../db/sql.ts';

describe('asset-timer groups API', () => {
  let t: TestContext;
  let category: { id: string };
  let other: { id: string };
  let timer: Timer;
  let staffA: string;
  let staffB: string;

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, token = t.owner.token) =>
    call(t.app, method, url, { token, body });
  const assetsOf = (partnerId: string, count: number, categoryId = category.id) =>
    makeAssets(t, { partnerId, categoryId, count });
  /** The odometer the trip builder keeps: metres and seconds ridden in all. */
  const ride = (assetId: string, km: number, hours = 0) =>
    t.database.db.execute(sql`
      insert into asset_odometers (asset_id, distance_m, ride_seconds) values (${assetId}, ${km * 1000}, ${hours * 3600})
      on conflict (asset_id) do update set distance_m = excluded.distance_m, ride_seconds = excluded.ride_seconds`);
  const logs = (groupId: string) =>
    rows<{ kind: string; cause: string; cycle: number; value: number; actor_id: string }>(
      t.database.db,
      sql`select kind, cause, cycle, value, actor_id from asset_timer_logs where group_id = ${groupId} order by seq`,
    );

  beforeAll(async () => {
    t = await createTestContext();
    category = await makeCategory(t);
    other = await makeCategory(t);
    timer = await makeTimer(t, {
      partnerId: t.partnerA.id,
      categoryId: category.id,
      kind: 'distance',
      timingQuantity: 100,
    });
    staffA = (await t.userWith(['work_reminder.read', 'work_reminder.write'], [t.partnerA.id])).token;
    staffB = (await t.userWith(['work_reminder.read', 'work_reminder.write'], [t.partnerB.id])).token;
  }, 180_000);
  afterAll(() => t.close());

  it('applies a timer to assets by number, starting a first cycle for each, and refuses the others with a reason', async () => {
    const mine = await assetsOf(t.partnerA.id, 3);
    const [ofB] = await assetsOf(t.partnerB.id, 1);
    const [wrongCategory] = await assetsOf(t.partnerA.id, 1, other.id);
    const res = await send(
      'POST',
      '/reminder/asset-timer-groups',
      {
        timerId: timer.id,
        categoryId: category.id,
        resetRuleId: timer.resetRules[0]?.id,
        assetNos: [...mine.map((a) => a.no), mine[0]?.no, ofB?.no, wrongCategory?.no, 'NOPE0001'],
      },
      staffA,
    );
    expect(res.statusCode).toBe(201);
    const change = res.json().data;
    expect(change).toMatchObject({
      added: 3,
      removed: 0,
      refused: {
        // Partner B's asset is outside partner A's staff scope: as absent as a missing one.
        [ofB?.no as string]: ASSET_NOT_FOUND_MESSAGE,
        [wrongCategory?.no as string]: ASSET_OF_OTHER_CATEGORY_MESSAGE,
        NOPE0001: ASSET_NOT_FOUND_MESSAGE,
      },
      group: {
        partner: { id: t.partnerA.id },
        timer: { id: timer.id, kind: 'distance', timingQuantity: 100 },
        category: { id: category.id },
        resetRule: { id: timer.resetRules[0]?.id, type: 'manual' },
        assetCount: 3,
        stateCounts: { ok: 3, upcoming: 0, due: 0, overdue: 0 },
      },
    });
    const group: AssetTimerGroup = change.group;
    // The owner sees partner B's asset, and it is refused for belonging to another partner than the timer.
    const added = await send('POST', `/reminder/asset-timer-groups/${group.id}/assets/$add`, {
      assetNos: [ofB?.no, mine[1]?.no],
    });
    expect(added.statusCode).toBe(422);
    expect(errorOf(added)).toMatchObject({
      code: 'AssetsRefused',
      data: {
        refused: {
          [ofB?.no as string]: ASSET_OF_OTHER_PARTNER_MESSAGE,
          [mine[1]?.no as string]: ASSET_ALREADY_TIMED_MESSAGE,
        },
      },
    });
    const started = await logs(group.id);
    expect(started).toHaveLength(3);
    expect(started.every((l) => l.kind === 'reset' && l.cause === 'added' && l.cycle === 1)).toBe(true);
    expect((await send('GET', `/reminder/timers/${timer.id}`)).json().data).toMatchObject({ groupCount: 1 });
  });

  it('refuses a category other than the timer’s, a rule it does not offer, a timer out of sight, over 100 numbers', async () => {
    const [asset] = await assetsOf(t.partnerA.id, 1);
    const body = {
      timerId: timer.id,
      categoryId: category.id,
      resetRuleId: timer.resetRules[0]?.id,
      assetNos: [asset?.no],
    };
    const mismatch = await send('POST', '/reminder/asset-timer-groups', { ...body, categoryId: other.id });
    expect(mismatch.statusCode).toBe(422);
    expect(errorOf(mismatch)).toMatchObject({
      code: 'CategoryMismatch',
      data: { fields: { categoryId: expect.any(String) } },
    });

    const foreignRule = await makeResetRule(t, { partnerId: t.partnerA.id, categoryId: category.id });
    const notOffered = await send('POST', '/reminder/asset-timer-groups', { ...body, resetRuleId: foreignRule.id });
    expect(notOffered.statusCode).toBe(422);
    expect(errorOf(notOffered)).toMatchObject({
      code: 'ResetRuleNotOfTimer',
      data: { fields: { resetRuleId: expect.any(String) } },
    });

    const hidden = await send('POST', '/reminder/asset-timer-groups', body, staffB);
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden).code).toBe('TimerNotFound');

    const tooMany = Array.from({ length: 101 }, (_, i) => `N${i}`);
    const big = await send('POST', '/reminder/asset-timer-groups', { ...body, assetNos: tooMany });
    expect(big.statusCode).toBe(400);
    expect(errorOf(big).data).toMatchObject({ fields: { assetNos: 'At most 100 assets per change' } });

    const none = await send('POST', '/reminder/asset-timer-groups', { ...body, assetNos: ['MISSING1'] });
    expect(none.statusCode).toBe(422);
    expect(errorOf(none)).toMatchObject({
      code: 'AssetsRefused',
      data: { refused: { MISSING1: ASSET_NOT_FOUND_MESSAGE } },
    });
    // Nothing written: no group was left behind by the refused calls.
    const list = await send('GET', `/reminder/asset-timer-groups?timerId=${timer.id}`);
    expect(list.json().count).toBe(1);
  });

  it('shows each asset’s progress in the timer’s unit, what is due first, filtered and paged', async () => {
    const distance = await makeTimer(t, {
      partnerId: t.partnerA.id,
      categoryId: category.id,
      kind: 'distance',
      timingQuantity: 200,
    });
    const assets = await assetsOf(t.partnerA.id, 4);
    const [a0, a1, a2, a3] = assets as { id: string; no: string }[];
    await ride(a1.id, 50);
    await ride(a2.id, 10);
    const { group } = await makeGroup(
      t,
      distance,
      assets.map((a) => a.no),
    );
    // Ridden since the cycles started: a0 150 km, a1 30 km (50 → 80), a2 250 km (past due), a3 nothing.
    await ride(a0.id, 150);
    await ride(a1.id, 80);
    await ride(a2.id, 260);
    const page = async (query = '') =>
      (await send('GET', `/reminder/asset-timer-groups/${group.id}/assets${query}`, undefined, staffA)).json() as {
        data: AssetTimerProgress[];
        count: number;
      };
    const due = await page();
    expect(due.count).toBe(4);
    expect(due.data.map((r) => r.asset.no)).toEqual([a2.no, a0.no, a1.no, a3.no]);
    expect(due.data[0]).toMatchObject({
      unit: 'km',
      state: 'ok',
      cycle: 1,
      elapsed: 250,
      remaining: -50,
      progress: 1.25,
      dueAt: null,
      dueAfter: 200,
      lastResetCause: 'added',
      acknowledgedAt: null,
    });
    expect(due.data[0]?.lastResetBy?.id).toBe(t.owner.id);
    expect(due.data[2]).toMatchObject({ elapsed: 30, remaining: 170, progress: 0.15 });
    expect((await page('?sort=due:desc')).data.map((r) => r.asset.no)).toEqual([a3.no, a1.no, a0.no, a2.no]);
    expect((await page('?sort=assetNo:asc&pageSize=2&pageNo=2')).data.map((r) => r.asset.no)).toEqual([a2.no, a3.no]);
    expect((await page(`?assetNo=${a1.no.slice(-4)}`)).data.map((r) => r.asset.no)).toEqual([a1.no]);
    expect((await page('?stateIn=due,overdue')).count).toBe(0);

    // The state the evaluation wrote is what the filters and counts read.
    await t.database.db.execute(sql`update asset_timers set state = 'overdue' where asset_id = ${a2.id}`);
    expect((await page('?stateIn=due,overdue')).data.map((r) => r.asset.no)).toEqual([a2.no]);
    const counts = (await send('GET', `/reminder/asset-timer-groups/${group.id}`)).json().data.stateCounts;
    expect(counts).toEqual({ ok: 3, upcoming: 0, due: 0, overdue: 1 });

    // Calendar time: seconds, a due instant.
    const time = await makeTimer(t, {
      partnerId: t.partnerA.id,
      categoryId: category.id,
      kind: 'time',
      timingUnit: 'days',
      timingQuantity: 2,
    });
    const timed = await makeGroup(t, time, [a0.no]);
    const [row] = (await send('GET', `/reminder/asset-timer-groups/${timed.group.id}/assets`)).json()
      .data as AssetTimerProgress[];
    expect(row).toMatchObject({ unit: 'seconds', dueAfter: null });
    expect(new Date(row?.dueAt as string).getTime() - new Date(row?.cycleStartedAt as string).getTime()).toBe(
      2 * 86_400_000,
    );
    expect(row?.remaining).toBeGreaterThan(2 * 86_400 - 60);
  });

  it('adds and removes assets by number; another partner’s staff cannot see or change the group', async () => {
    const assets = await assetsOf(t.partnerA.id, 3);
    const timer2 = await makeTimer(t, {
      partnerId: t.partnerA.id,
      categoryId: category.id,
      kind: 'rideTime',
      timingQuantity: 5,
    });
    const { group } = await makeGroup(t, timer2, [assets[0]?.no as string]);
    const add = await send(
      'POST',
      `/reminder/asset-timer-groups/${group.id}/assets/$add`,
      { assetNos: [assets[1]?.no, assets[2]?.no, 'NOPE'] },
      staffA,
    );
    expect(add.statusCode).toBe(200);
    expect(add.json().data).toMatchObject({
      added: 2,
      removed: 0,
      refused: { NOPE: ASSET_NOT_FOUND_MESSAGE },
      group: { assetCount: 3 },
    });

    const remove = await send(
      'POST',
      `/reminder/asset-timer-groups/${group.id}/assets/$remove`,
      { assetNos: [assets[0]?.no, 'NOPE'] },
      staffA,
    );
    expect(remove.json().data).toMatchObject({
      added: 0,
      removed: 1,
      refused: { NOPE: ASSET_NOT_FOUND_MESSAGE },
      group: { assetCount: 2 },
    });
    const again = await send('POST', `/reminder/asset-timer-groups/${group.id}/assets/$remove`, {
      assetNos: [assets[0]?.no],
    });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).data).toMatchObject({ refused: { [assets[0]?.no as string]: ASSET_NOT_IN_GROUP_MESSAGE } });
    // Removed, it can be timed by this timer again (in another group).
    await makeGroup(t, timer2, [assets[0]?.no as string]);

    for (const [method, url, body] of [
      ['GET', `/reminder/asset-timer-groups/${group.id}`, undefined],
      ['GET', `/reminder/asset-timer-groups/${group.id}/assets`, undefined],
      ['PATCH', `/reminder/asset-timer-groups/${group.id}`, { resetRuleId: timer2.resetRules[0]?.id }],
      ['POST', `/reminder/asset-timer-groups/${group.id}/assets/$add`, { assetNos: ['X'] }],
      ['POST', `/reminder/asset-timer-groups/${group.id}/assets/$remove`, { assetNos: [assets[1]?.no] }],
      ['DELETE', `/reminder/asset-timer-groups/${group.id}`, undefined],
    ] as const) {
      const res = await send(method, url, body, staffB);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(res).code).toBe('AssetTimerGroupNotFound');
    }
    expect((await send('GET', '/reminder/asset-timer-groups', undefined, staffB)).json().count).toBe(0);
    const outside = await send('GET', `/reminder/asset-timer-groups?partnerIdIn=${t.partnerA.id}`, undefined, staffB);
    expect(outside.statusCode).toBe(403);
  });

  it('changes the reset rule (one of the timer’s) with its remind-before, and deletes: assets untimed, log kept', async () => {
    const plain = await makeResetRule(t, { partnerId: t.partnerA.id, categoryId: category.id });
    const early = await makeResetRule(t, {
      partnerId: t.partnerA.id,
      categoryId: category.id,
      remindBeforeReset: true,
      remindBefore: 10,
    });
    const timer3 = await makeTimer(t, {
      partnerId: t.partnerA.id,
      categoryId: category.id,
      kind: 'distance',
      timingQuantity: 100,
      resetRuleIds: [plain.id, early.id],
    });
    const assets = await assetsOf(t.partnerA.id, 2);
    const { group } = await makeGroup(
      t,
      timer3,
      assets.map((a) => a.no),
      { resetRuleId: plain.id },
    );
    const upcoming = () =>
      rows<{ u: number | null }>(
        t.database.db,
        sql`select upcoming_at_usage as u from asset_timers where group_id = ${group.id}`,
      );
    expect((await upcoming()).map((r) => r.u)).toEqual([null, null]);
    const changed = await send('PATCH', `/reminder/asset-timer-groups/${group.id}`, { resetRuleId: early.id }, staffA);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.resetRule).toMatchObject({ id: early.id });
    expect((await upcoming()).map((r) => Number(r.u))).toEqual([90_000, 90_000]);
    const foreign = await makeResetRule(t, { partnerId: t.partnerA.id, categoryId: category.id });
    const notOffered = await send('PATCH', `/reminder/asset-timer-groups/${group.id}`, { resetRuleId: foreign.id });
    expect(notOffered.statusCode).toBe(422);
    expect(errorOf(notOffered).code).toBe('ResetRuleNotOfTimer');

    expect((await send('DELETE', `/reminder/asset-timer-groups/${group.id}`, undefined, staffA)).statusCode).toBe(200);
    expect((await send('GET', `/reminder/asset-timer-groups/${group.id}`)).statusCode).toBe(404);
    const left = await rows(t.database.db, sql`select 1 from asset_timers where group_id = ${group.id}`);
    expect(left).toHaveLength(0);
    expect(await logs(group.id)).toHaveLength(2);
    expect((await send('GET', `/reminder/timers/${timer3.id}`)).json().data).toMatchObject({
      groupCount: 0,
      assetCount: 0,
    });
  });

  it('lists groups in scope, filtered by timer and category, newest first by default', async () => {
    const res = await send(
      'GET',
      `/reminder/asset-timer-groups?categoryId=${category.id}&sort=createdAt:desc&pageSize=100`,
      undefined,
      staffA,
    );
    expect(res.statusCode).toBe(200);
    const groups: AssetTimerGroup[] = res.json().data;
    expect(groups.length).toBeGreaterThan(1);
    const created = groups.map((g) => g.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const byTimer = await send('GET', `/reminder/asset-timer-groups?timerId=${timer.id}`);
    expect(byTimer.json().data.map((g: AssetTimerGroup) => g.timer.id)).toEqual([timer.id]);
  });
});
