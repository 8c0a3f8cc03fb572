import type { AssetTimerProgress, Timer } from '@fleetdesk/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { makeAssets, makeCategory, makeGroup, makeResetRule, makeTimer } from '../../../test/reminders.ts';
import { fieldLogs } from '../../db/schema/index.ts';

type Fields = { fields: Record<string, string> };

describe('timers API', () => {
  let t: TestContext;
  let category: { id: string };
  let other: { id: string };
  let ruleA: string;
  let staffA: string;
  let readerB: string;

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, token = t.owner.token) =>
    call(t.app, method, url, { token, body });
  const base = () => ({ partnerId: t.partnerA.id, categoryId: category.id, resetRuleIds: [ruleA] });

  beforeAll(async () => {
    t = await createTestContext();
    category = await makeCategory(t);
    other = await makeCategory(t);
    ruleA = (await makeResetRule(t, { partnerId: t.partnerA.id, categoryId: category.id, name: 'By hand' })).id;
    staffA = (await t.userWith(['work_reminder.read', 'work_reminder.write'], [t.partnerA.id])).token;
    readerB = (await t.userWith(['work_reminder.read', 'work_reminder.write'], [t.partnerB.id])).token;
  }, 180_000);
  afterAll(() => t.close());

  it('creates a timer of each kind, with its reset rules, counts and (for schedules) the next three runs', async () => {
    const time = await send('POST', '/reminder/timers', {
      ...base(),
      name: 'Brakes',
      kind: 'time',
      timingUnit: 'months',
      timingQuantity: 3,
    });
    expect(time.statusCode).toBe(201);
    const created: Timer = time.json().data;
    expect(created).toMatchObject({
      partner: { id: t.partnerA.id, name: 'Partner A' },
      category: { id: category.id },
      kind: 'time',
      timingUnit: 'months',
      timingQuantity: 3,
      cron: null,
      timezone: 'UTC',
      nextRuns: [],
      resetRules: [{ id: ruleA, name: 'By hand', type: 'manual' }],
      groupCount: 0,
      assetCount: 0,
    });

    const distance = await send('POST', '/reminder/timers', {
      ...base(),
      name: 'Tyres',
      kind: 'distance',
      timingQuantity: 2000,
      // Fields of another kind are not kept.
      timingUnit: 'days',
    });
    expect(distance.statusCode).toBe(201);
    expect(distance.json().data).toMatchObject({ kind: 'distance', timingQuantity: 2000, timingUnit: null });

    const schedule = await send('POST', '/reminder/timers', {
      ...base(),
      name: 'Battery check',
      kind: 'schedule',
      cron: '0 8 * * 1',
    });
    expect(schedule.statusCode).toBe(201);
    const runs: string[] = schedule.json().data.nextRuns;
    expect(runs).toHaveLength(3);
    for (const run of runs) {
      const d = new Date(run);
      expect([d.getUTCDay(), d.getUTCHours(), d.getUTCMinutes()]).toEqual([1, 8, 0]);
    }
    expect(new Date(runs[0] as string).getTime()).toBeGreaterThan(Date.now());
  });

  it('runs a schedule on the partner clock', async () => {
    const partner = await send('POST', '/account/partners', { name: 'Rome fleet', timezone: 'Europe/Rome' });
    expect(partner.statusCode).toBe(201);
    const partnerId = partner.json().data.id as string;
    const timer = await makeTimer(t, { partnerId, categoryId: category.id, kind: 'schedule', cron: '30 9 * * *' });
    expect(timer.timezone).toBe('Europe/Rome');
    const hour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' });
    expect(timer.nextRuns.map((r) => hour.format(new Date(r)))).toEqual(['09:30', '09:30', '09:30']);
  });

  it('refuses what a kind needs but lacks, schedules croner cannot read and schedules that never run', async () => {
    const noUnit = await send('POST', '/reminder/timers', { ...base(), name: 'X', kind: 'time', timingQuantity: 2 });
    expect(noUnit.statusCode).toBe(400);
    expect(errorOf(noUnit).data).toMatchObject({ fields: { timingUnit: 'Please choose a time unit' } });

    const fractional = await send('POST', '/reminder/timers', {
      ...base(),
      name: 'X',
      kind: 'time',
      timingUnit: 'days',
      timingQuantity: 1.5,
    });
    expect(fractional.statusCode).toBe(400);

    const fourFields = await send('POST', '/reminder/timers', {
      ...base(),
      name: 'X',
      kind: 'schedule',
      cron: '0 8 * *',
    });
    expect(fourFields.statusCode).toBe(400);

    const bad = await send('POST', '/reminder/timers', { ...base(), name: 'X', kind: 'schedule', cron: '0 25 * * *' });
    expect(bad.statusCode).toBe(422);
    expect(errorOf(bad)).toMatchObject({ code: 'InvalidSchedule', data: { fields: { cron: expect.any(String) } } });

    const never = await send('POST', '/reminder/timers', {
      ...base(),
      name: 'X',
      kind: 'schedule',
      cron: '0 8 30 2 *',
    });
    expect(never.statusCode).toBe(422);
    expect(errorOf(never).code).toBe('InvalidSchedule');

    const unknownCategory = await send('POST', '/reminder/timers', {
      ...base(),
      categoryId: '00000000-0000-4000-8000-000000000000',
      name: 'X',
      kind: 'distance',
      timingQuantity: 5,
    });
    expect(unknownCategory.statusCode).toBe(400);
    expect(errorOf(unknownCategory).data).toMatchObject({ fields: { categoryId: 'Unknown asset category' } });
  });

  it('offers only live reset rules of its own partner and category (422 with the field)', async () => {
    const ofB = await makeResetRule(t, { partnerId: t.partnerB.id, categoryId: category.id });
    const ofOtherCategory = await makeResetRule(t, { partnerId: t.partnerA.id, categoryId: other.id });
    const deleted = await makeResetRule(t, { partnerId: t.partnerA.id, categoryId: category.id });
    expect((await send('DELETE', `/reminder/reset-rules/${deleted.id}`)).statusCode).toBe(200);
    const res = await send('POST', '/reminder/timers', {
      ...base(),
      name: 'Mixed rules',
      kind: 'distance',
      timingQuantity: 100,
      resetRuleIds: [ruleA, ofB.id, ofOtherCategory.id, deleted.id],
    });
    expect(res.statusCode).toBe(422);
    const error = errorOf(res);
    expect(error.code).toBe('ResetRuleNotFound');
    expect(Object.keys((error.data as Fields).fields)).toEqual(['resetRuleIds.1', 'resetRuleIds.2', 'resetRuleIds.3']);
  });

  it('keeps names unique per partner among live timers, case-insensitively; another partner may reuse one', async () => {
    const first = await makeTimer(t, { partnerId: t.partnerA.id, categoryId: category.id, name: 'Chain' });
    const again = await send('POST', '/reminder/timers', {
      ...base(),
      name: 'CHAIN',
      kind: 'distance',
      timingQuantity: 5,
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'TimerNameAlreadyExists',
      data: { fields: { name: expect.any(String) } },
    });
    const renamed = await send('PATCH', `/reminder/timers/${(await makeTimer(t, { ...base(), name: 'Other' })).id}`, {
      name: 'chain',
    });
    expect(renamed.statusCode).toBe(409);
    await makeTimer(t, { partnerId: t.partnerB.id, categoryId: category.id, name: 'Chain' });
    // Deleted: the name is free again.
    expect((await send('DELETE', `/reminder/timers/${first.id}`)).statusCode).toBe(200);
    expect((await send('GET', `/reminder/timers/${first.id}`)).statusCode).toBe(404);
    await makeTimer(t, { partnerId: t.partnerA.id, categoryId: category.id, name: 'Chain' });
  });

  it('lists within the scope, filtered, sorted and paged; naming a partner outside it is 403', async () => {
    const own = await makeTimer(t, { ...base(), name: 'Zz listed', kind: 'rideTime', timingQuantity: 40 });
    await makeTimer(t, { partnerId: t.partnerB.id, categoryId: category.id, name: 'Zz of B', kind: 'rideTime' });
    const mine = await send('GET', '/reminder/timers?name=zz&pageSize=50', undefined, staffA);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((x: Timer) => x.name)).toEqual(['Zz listed']);
    const all = await send('GET', `/reminder/timers?name=zz&kind=rideTime&categoryId=${category.id}&sort=name:desc`);
    expect(all.json()).toMatchObject({ count: 2, data: [{ name: 'Zz of B' }, { name: 'Zz listed' }] });
    const page = await send('GET', '/reminder/timers?name=zz&sort=name:asc&pageSize=1&pageNo=2');
    expect(page.json()).toMatchObject({ count: 2, data: [{ name: 'Zz of B' }] });
    const outside = await send('GET', `/reminder/timers?partnerIdIn=${t.partnerB.id}`, undefined, staffA);
    expect(outside.statusCode).toBe(403);
    expect(errorOf(outside).code).toBe('PartnerOutOfScope');
    expect((await send('GET', `/reminder/timers/${own.id}`, undefined, readerB)).statusCode).toBe(404);
    expect((await send('PATCH', `/reminder/timers/${own.id}`, { name: 'Taken over' }, readerB)).statusCode).toBe(404);
    expect((await send('DELETE', `/reminder/timers/${own.id}`, undefined, readerB)).statusCode).toBe(404);
    const naming = await send(
      'POST',
      '/reminder/timers',
      { ...base(), name: 'Not mine', kind: 'rideTime', timingQuantity: 1 },
      readerB,
    );
    expect(naming.statusCode).toBe(403);
    expect(errorOf(naming).code).toBe('PartnerOutOfScope');
  });

  it('applies a timing change to running cycles from their start, in the same transaction, and logs it', async () => {
    const timer = await makeTimer(t, {
      ...base(),
      name: 'Service',
      kind: 'time',
      timingUnit: 'days',
      timingQuantity: 10,
    });
    const assets = await makeAssets(t, { partnerId: t.partnerA.id, categoryId: category.id, count: 2 });
    const { group } = await makeGroup(
      t,
      timer,
      assets.map((a) => a.no),
    );
    const progress = async () =>
      (await send('GET', `/reminder/asset-timer-groups/${group.id}/assets`)).json().data as AssetTimerProgress[];
    const [first] = await progress();
    const start = new Date(first?.cycleStartedAt as string).getTime();
    expect(new Date(first?.dueAt as string).getTime() - start).toBe(10 * 86_400_000);

    const changed = await send('PATCH', `/reminder/timers/${timer.id}`, { timingQuantity: 20 }, staffA);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ timingUnit: 'days', timingQuantity: 20, groupCount: 1, assetCount: 2 });
    const [after] = await progress();
    expect(after?.cycleStartedAt).toBe(first?.cycleStartedAt);
    expect(new Date(after?.dueAt as string).getTime() - start).toBe(20 * 86_400_000);

    const toDistance = await send('PATCH', `/reminder/timers/${timer.id}`, { kind: 'distance', timingQuantity: 300 });
    expect(toDistance.json().data).toMatchObject({ kind: 'distance', timingUnit: null, timingQuantity: 300 });
    const [usage] = await progress();
    expect(usage).toMatchObject({ unit: 'km', dueAt: null, dueAfter: 300, elapsed: 0, remaining: 300 });

    const logs = await t.database.db
      .select()
      .from(fieldLogs)
      .where(and(eq(fieldLogs.entityType, 'timer'), eq(fieldLogs.entityId, timer.id)));
    expect(logs.filter((l) => l.field === 'timingQuantity').map((l) => [l.before, l.after])).toEqual(
      expect.arrayContaining([
        [10, 20],
        [20, 300],
      ]),
    );

    // A kind whose needs the patch leaves out: the field is named, nothing changes.
    const toSchedule = await send('PATCH', `/reminder/timers/${timer.id}`, { kind: 'schedule' });
    expect(toSchedule.statusCode).toBe(400);
    expect((await send('GET', `/reminder/timers/${timer.id}`)).json().data.kind).toBe('distance');
  });

  it('will not drop a rule a group uses, nor be deleted while a group uses it', async () => {
    const second = await makeResetRule(t, { partnerId: t.partnerA.id, categoryId: category.id });
    const timer = await makeTimer(t, { ...base(), name: 'In use', resetRuleIds: [ruleA, second.id] });
    const [asset] = await makeAssets(t, { partnerId: t.partnerA.id, categoryId: category.id });
    const { group } = await makeGroup(t, timer, [asset?.no as string], { resetRuleId: second.id });
    const drop = await send('PATCH', `/reminder/timers/${timer.id}`, { resetRuleIds: [ruleA] });
    expect(drop.statusCode).toBe(409);
    expect(errorOf(drop)).toMatchObject({ code: 'ResetRuleInUse', data: { resetRuleIds: [second.id] } });
    const keep = await send('PATCH', `/reminder/timers/${timer.id}`, { resetRuleIds: [second.id] });
    expect(keep.json().data.resetRules.map((r: { id: string }) => r.id)).toEqual([second.id]);

    const inUse = await send('DELETE', `/reminder/timers/${timer.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(errorOf(inUse).code).toBe('TimerInUse');
    expect((await send('DELETE', `/reminder/asset-timer-groups/${group.id}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/reminder/timers/${timer.id}`)).statusCode).toBe(200);
    // The rules it offered are free to delete now.
    expect((await send('DELETE', `/reminder/reset-rules/${second.id}`)).statusCode).toBe(200);
  });

  it('needs the write permission to change and the read permission to look', async () => {
    const reader = (await t.userWith(['work_reminder.read'])).token;
    expect((await send('GET', '/reminder/timers', undefined, reader)).statusCode).toBe(200);
    const refused = await send(
      'POST',
      '/reminder/timers',
      { ...base(), name: 'Nope', kind: 'distance', timingQuantity: 1 },
      reader,
    );
    expect(refused.statusCode).toBe(403);
  });
});
