import type { AssetTimerProgress, ResetRule } from '@fleetdesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { makeAssets, makeCategory, makeGroup, makeResetRule, makeTimer } from '../../../test/reminders.ts';
import { fieldLogs } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';

describe('reset rules API', () => {
  let t: TestContext;
  let category: { id: string; properties: { id: string; name: string; valueType: string }[] };
  let other: { id: string; properties: { id: string }[] };
  let itemA: string;
  let itemB: string;
  let checklistA: string;
  let staffB: string;

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, token = t.owner.token) =>
    call(t.app, method, url, { token, body });
  const create = (body: Record<string, unknown>, token = t.owner.token) =>
    send('POST', '/reminder/reset-rules', { partnerId: t.partnerA.id, categoryId: category.id, ...body }, token);
  const property = (name: string) => category.properties.find((p) => p.name === name)?.id as string;
  async function workItem(partnerId: string, name: string) {
    const res = await send('POST', '/checklist/workItems', {
      partnerId,
      name,
      resultMode: 'single',
      options: [{ type: 'labour', name: 'Fit', costAmount: 5, price: 10 }],
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as string;
  }

  beforeAll(async () => {
    t = await createTestContext();
    category = await makeCategory(t, {
      properties: [
        { name: 'Tyres fitted', valueType: 'BOOLEAN' },
        { name: 'Pads', valueType: 'INTEGER' },
        { name: 'Inspected on', valueType: 'DATE' },
        { name: 'Photo', valueType: 'IMAGE' },
        { name: 'Note', valueType: 'TEXT' },
      ],
    });
    other = await makeCategory(t, { properties: [{ name: 'Elsewhere', valueType: 'TEXT' }] });
    itemA = await workItem(t.partnerA.id, 'Tyres');
    itemB = await workItem(t.partnerB.id, 'Tyres');
    const checklist = await send('POST', '/checklist/checklists', {
      partnerId: t.partnerA.id,
      name: 'Yearly service',
      assetCategoryScope: [category.id],
      basicCostAmount: 0,
    });
    checklistA = checklist.json().data.id;
    staffB = (await t.userWith(['work_reminder.read', 'work_reminder.write'], [t.partnerB.id])).token;
  }, 180_000);
  afterAll(() => t.close());

  it('creates each type with what it watches, and clears the fields of other types', async () => {
    const byItem = await create({ name: 'Tyres changed', type: 'checklistRecord', workItemId: itemA, detail: '  ' });
    expect(byItem.statusCode).toBe(201);
    expect(byItem.json().data).toMatchObject({
      partner: { id: t.partnerA.id },
      category: { id: category.id },
      type: 'checklistRecord',
      detail: null,
      workItem: { id: itemA, name: 'Tyres' },
      checklist: null,
      remindBeforeReset: false,
      remindBefore: null,
      timerCount: 0,
      groupCount: 0,
    });
    const byChecklist = await create({ name: 'Serviced', type: 'checklistRecord', checklistId: checklistA });
    expect(byChecklist.json().data).toMatchObject({
      workItem: null,
      checklist: { id: checklistA, name: 'Yearly service' },
    });

    const lifecycle = await create({
      name: 'Back in service',
      type: 'assetProperty',
      property: 'lifeCycleState',
      propertyValue: 'Ready',
      remindBeforeReset: true,
      remindBefore: 50,
    });
    expect(lifecycle.json().data).toMatchObject({
      property: 'lifeCycleState',
      propertyName: null,
      propertyValue: 'Ready',
      remindBeforeReset: true,
      remindBefore: 50,
    });

    const custom = await create({
      name: 'Tyres fitted',
      type: 'assetProperty',
      property: property('Tyres fitted'),
      propertyValue: 'TRUE',
    });
    expect(custom.json().data).toMatchObject({
      property: property('Tyres fitted'),
      propertyName: 'Tyres fitted',
      propertyValue: 'true',
    });
    const count = await create({
      name: 'Pads 4',
      type: 'assetProperty',
      property: property('Pads'),
      propertyValue: '4.0',
    });
    expect(count.json().data.propertyValue).toBe('4');

    const manual = await create({
      name: 'By hand',
      type: 'manual',
      workItemId: itemA,
      property: 'usageMode',
      propertyValue: 'x',
      remindBefore: 3,
    });
    expect(manual.json().data).toMatchObject({
      type: 'manual',
      workItem: null,
      property: null,
      propertyValue: null,
      remindBefore: null,
    });
  });

  it("refuses another partner's or an archived work item, and another partner's checklist (422 on the field)", async () => {
    const foreign = await create({ name: 'Foreign', type: 'checklistRecord', workItemId: itemB });
    expect(foreign.statusCode).toBe(422);
    expect(errorOf(foreign)).toMatchObject({
      code: 'WorkItemNotFound',
      data: { fields: { workItemId: expect.any(String) } },
    });

    const archived = await workItem(t.partnerA.id, 'Old item');
    expect((await send('POST', `/checklist/workItems/${archived}/$archive`)).statusCode).toBe(200);
    expect((await create({ name: 'Archived', type: 'checklistRecord', workItemId: archived })).statusCode).toBe(422);

    const ofB = await send('POST', '/checklist/checklists', {
      partnerId: t.partnerB.id,
      name: 'B service',
      assetCategoryScope: [category.id],
      basicCostAmount: 0,
    });
    const wrongChecklist = await create({
      name: 'Foreign list',
      type: 'checklistRecord',
      checklistId: ofB.json().data.id,
    });
    expect(wrongChecklist.statusCode).toBe(422);
    expect(errorOf(wrongChecklist)).toMatchObject({
      code: 'ChecklistNotFound',
      data: { fields: { checklistId: expect.any(String) } },
    });

    const both = await create({ name: 'Both', type: 'checklistRecord', workItemId: itemA, checklistId: checklistA });
    expect(both.statusCode).toBe(400);
  });

  it("checks a property value like the asset form: the built-in field's values, the custom property's type", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ property: 'lifeCycleState', propertyValue: 'Shiny' }, 'propertyValue', 'Not a value of this property'],
      [{ property: 'usageMode', propertyValue: 'Ready' }, 'propertyValue', 'Not a value of this property'],
      [{ property: 'colour', propertyValue: 'red' }, 'property', 'Unknown property of this category'],
      [{ property: other.properties[0]?.id, propertyValue: 'red' }, 'property', 'Unknown property of this category'],
      [{ property: property('Tyres fitted'), propertyValue: 'yes' }, 'propertyValue', 'Must be true or false'],
      [{ property: property('Pads'), propertyValue: '2.5' }, 'propertyValue', 'Must be a whole number'],
      [
        { property: property('Inspected on'), propertyValue: '2026-02-30' },
        'propertyValue',
        'Must be a date as YYYY-MM-DD',
      ],
      [{ property: property('Photo'), propertyValue: 'x' }, 'propertyValue', 'Image properties cannot reset a timer'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await create({ name: 'Property', type: 'assetProperty', ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(errorOf(res).data).toEqual({ fields: { [field]: message } });
    }
    const ok = await create({
      name: 'Turned over',
      type: 'assetProperty',
      property: 'turnoverState',
      propertyValue: 'InSite',
    });
    expect(ok.statusCode).toBe(201);
  });

  it('keeps names unique per partner among live rules; scope: 404 by id, 403 naming a partner, left out of lists', async () => {
    const rule = await makeResetRule(t, { partnerId: t.partnerA.id, categoryId: category.id, name: 'Unique one' });
    const again = await create({ name: 'UNIQUE ONE', type: 'manual' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('ResetRuleNameAlreadyExists');
    expect((await send('PATCH', `/reminder/reset-rules/${rule.id}`, { name: 'unique one' })).statusCode).toBe(200);

    expect((await send('GET', `/reminder/reset-rules/${rule.id}`, undefined, staffB)).statusCode).toBe(404);
    const patch = await send('PATCH', `/reminder/reset-rules/${rule.id}`, { detail: 'mine now' }, staffB);
    expect(patch.statusCode).toBe(404);
    expect(errorOf(patch).code).toBe('ResetRuleNotFound');
    expect((await send('DELETE', `/reminder/reset-rules/${rule.id}`, undefined, staffB)).statusCode).toBe(404);
    const naming = await create({ name: 'Not mine', type: 'manual' }, staffB);
    expect(naming.statusCode).toBe(403);
    expect(errorOf(naming).code).toBe('PartnerOutOfScope');
    const listB = await send('GET', '/reminder/reset-rules?name=unique', undefined, staffB);
    expect(listB.json()).toMatchObject({ count: 0, data: [] });
    const filtered = await send(
      'GET',
      `/reminder/reset-rules?name=unique&type=manual&categoryId=${category.id}&partnerIdIn=${t.partnerA.id}`,
    );
    expect(filtered.json().data.map((r: ResetRule) => r.id)).toEqual([rule.id]);
    const sorted = await send('GET', '/reminder/reset-rules?sort=name:asc&pageSize=100');
    const names = sorted.json().data.map((r: ResetRule) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('moves the upcoming threshold of running cycles when remind-before changes, and logs the change', async () => {
    const rule = await makeResetRule(t, { partnerId: t.partnerA.id, categoryId: category.id, name: 'Remind early' });
    const timer = await makeTimer(t, {
      partnerId: t.partnerA.id,
      categoryId: category.id,
      kind: 'distance',
      timingQuantity: 100,
      resetRuleIds: [rule.id],
    });
    const assets = await makeAssets(t, { partnerId: t.partnerA.id, categoryId: category.id, count: 1 });
    const { group } = await makeGroup(
      t,
      timer,
      assets.map((a) => a.no),
    );
    const upcoming = async () => {
      const [row] = await rows<{ upcoming_at_usage: number | null }>(
        t.database.db,
        sql`select upcoming_at_usage from asset_timers where group_id = ${group.id}`,
      );
      return row?.upcoming_at_usage;
    };
    expect(await upcoming()).toBeNull();
    const changed = await send('PATCH', `/reminder/reset-rules/${rule.id}`, {
      remindBeforeReset: true,
      remindBefore: 20,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      remindBeforeReset: true,
      remindBefore: 20,
      timerCount: 1,
      groupCount: 1,
    });
    expect(Number(await upcoming())).toBe(80_000);
    const off = await send('PATCH', `/reminder/reset-rules/${rule.id}`, { remindBeforeReset: false });
    expect(off.json().data).toMatchObject({ remindBeforeReset: false, remindBefore: null });
    expect(await upcoming()).toBeNull();
    const progress = (await send('GET', `/reminder/asset-timer-groups/${group.id}/assets`)).json()
      .data as AssetTimerProgress[];
    expect(progress[0]).toMatchObject({ state: 'ok', dueAfter: 100 });

    const logs = await t.database.db
      .select()
      .from(fieldLogs)
      .where(and(eq(fieldLogs.entityType, 'reset-rule'), eq(fieldLogs.entityId, rule.id)));
    expect(logs.filter((l) => l.field === 'remindBefore').map((l) => [l.before, l.after])).toEqual(
      expect.arrayContaining([
        [null, 20],
        [20, null],
      ]),
    );
  });

  it('changes type: a patch naming the work item replaces the checklist', async () => {
    const rule = await makeResetRule(t, {
      partnerId: t.partnerA.id,
      categoryId: category.id,
      type: 'checklistRecord',
      checklistId: checklistA,
    });
    const toItem = await send('PATCH', `/reminder/reset-rules/${rule.id}`, { workItemId: itemA });
    expect(toItem.json().data).toMatchObject({ workItem: { id: itemA }, checklist: null });
    const toForeign = await send('PATCH', `/reminder/reset-rules/${rule.id}`, { workItemId: itemB });
    expect(toForeign.statusCode).toBe(422);
    const toManual = await send('PATCH', `/reminder/reset-rules/${rule.id}`, { type: 'manual' });
    expect(toManual.json().data).toMatchObject({ type: 'manual', workItem: null });
    const toProperty = await send('PATCH', `/reminder/reset-rules/${rule.id}`, { type: 'assetProperty' });
    expect(toProperty.statusCode).toBe(400);
  });

  it('refuses to delete a rule a timer offers or a group uses (409 ResetRuleInUse)', async () => {
    const rule = await makeResetRule(t, { partnerId: t.partnerA.id, categoryId: category.id });
    const timer = await makeTimer(t, { partnerId: t.partnerA.id, categoryId: category.id, resetRuleIds: [rule.id] });
    const inUse = await send('DELETE', `/reminder/reset-rules/${rule.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(errorOf(inUse)).toMatchObject({ code: 'ResetRuleInUse', data: { timers: 1, groups: 0 } });
    expect((await send('DELETE', `/reminder/timers/${timer.id}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/reminder/reset-rules/${rule.id}`)).statusCode).toBe(200);
    expect((await send('GET', `/reminder/reset-rules/${rule.id}`)).statusCode).toBe(404);
  });
});
