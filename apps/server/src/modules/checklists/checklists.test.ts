import { randomUUID } from 'node:crypto';
import { CHECKLIST_GROUP_WORK_ITEMS_MAX, CHECKLIST_GROUPS_MAX, type Checklist } from '@fleetdesk/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, multipartFile, type TestContext } from '../../../test/harness.ts';
import { fieldLogs } from '../../db/schema/index.ts';
import { getForRecord } from './checklists.repo.ts';

const ALL = ['create', 'read', 'update', 'delete'].map((a) => `checklist.checklist.${a}`);
type Fields = { fields: Record<string, string> };

describe('checklists API', () => {
  let t: TestContext;
  let ebike: { id: string; name: string };
  let scooter: { id: string; name: string };
  let items: { id: string; name: string }[];
  let itemOfB: string;
  let staffA: string;
  let staffB: string;

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, token = t.owner.token) =>
    call(t.app, method, url, { token, body });
  const group = (name: string, workItemIdList: string[], extra: Record<string, unknown> = {}) => ({
    name,
    isRequired: true,
    isAllWorkItemsRequired: false,
    workItemIdList,
    ...extra,
  });
  const create = (body: Record<string, unknown>, token = t.owner.token) =>
    send(
      'POST',
      '/checklist/checklists',
      { partnerId: t.partnerA.id, assetCategoryScope: [ebike.id], basicCostAmount: 15, ...body },
      token,
    );
  async function newChecklist(body: Record<string, unknown> = {}): Promise<Checklist> {
    const res = await create({
      name: `Checklist ${randomUUID().slice(0, 8)}`,
      workItemGroups: [
        group('Brakes', [items[0]?.id as string, items[1]?.id as string]),
        group('Tyres', [items[2]?.id as string]),
      ],
      ...body,
    });
    expect(res.statusCode).toBe(201);
    return res.json().data;
  }
  async function newItem(partnerId: string, name: string) {
    const res = await send('POST', '/checklist/workItems', {
      partnerId,
      name,
      resultMode: 'single',
      options: [
        { type: 'labour', name: 'Labour', costAmount: 5, price: 20 },
        { type: 'hardware', name: 'Part', costAmount: 8, sku: 'P-1' },
      ],
    });
    expect(res.statusCode).toBe(201);
    return { id: res.json().data.id as string, name };
  }
  async function category(name: string) {
    const res = await send('POST', '/asset/categories', { name, assetType: 'EBIKE', properties: [] });
    return { id: res.json().data.id as string, name };
  }
  async function put(url: string, content: Buffer, token = t.owner.token) {
    const { payload, contentType } = await multipartFile({ content, filename: 'photo.jpg', type: 'image/jpeg' });
    return t.app.inject({
      method: 'PUT',
      url: `/api${url}`,
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    });
  }
  const jpeg = () =>
    sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 0, g: 0, b: 200 } } })
      .jpeg()
      .toBuffer();
  const groupIds = (c: Checklist) => c.workItemGroups.map((g) => [g.name, g.position]);

  beforeAll(async () => {
    t = await createTestContext();
    ebike = await category('E-bike');
    scooter = await category('E-scooter');
    items = [];
    for (const name of ['Brake pads', 'Brake cable', 'Tyre', 'Chain']) items.push(await newItem(t.partnerA.id, name));
    itemOfB = (await newItem(t.partnerB.id, 'Barcelona tyre')).id;
    staffA = (await t.userWith(ALL, [t.partnerA.id])).token;
    staffB = (await t.userWith(ALL, [t.partnerB.id])).token;
  });
  afterAll(() => t.close());

  it('creates a checklist with groups and answers them with their items and options, in order', async () => {
    const res = await create({
      name: 'Yearly service',
      description: 'Every twelve months',
      assetCategoryScope: [ebike.id, scooter.id],
      assetLifeCyclePreferTo: 'Ready',
      workItemGroups: [
        group('Brakes', [items[1]?.id as string, items[0]?.id as string], { isAllWorkItemsRequired: true }),
        group('Drive', [items[3]?.id as string], { isRequired: false, description: '' }),
      ],
    });
    expect(res.statusCode).toBe(201);
    const checklist = res.json().data as Checklist;
    expect(checklist).toMatchObject({
      partner: { id: t.partnerA.id, name: 'Partner A' },
      name: 'Yearly service',
      description: 'Every twelve months',
      assetCategoryScope: [ebike, scooter],
      basicCostAmount: 15,
      assetLifeCyclePreferTo: 'Ready',
      status: 'Inuse',
      workItemGroups: [
        {
          name: 'Brakes',
          position: 0,
          isRequired: true,
          isAllWorkItemsRequired: true,
          workItemIdList: [items[1]?.id, items[0]?.id],
          workItems: [{ name: 'Brake cable' }, { name: 'Brake pads' }],
        },
        { name: 'Drive', position: 1, isRequired: false, description: null, workItems: [{ name: 'Chain' }] },
      ],
    });
    expect(checklist.workItemGroups[0]?.workItems[0]?.options.map((o) => [o.name, o.price])).toEqual([
      ['Labour', 20],
      ['Part', null],
    ]);
    expect((await send('GET', `/checklist/checklists/${checklist.id}`)).json().data).toEqual(checklist);
    const logs = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, checklist.id));
    expect(logs.map((l) => [l.entityType, l.field])).toEqual(
      expect.arrayContaining([
        ['checklist', 'name'],
        ['checklist', 'workItemGroups'],
      ]),
    );
  });

  it('lists with counts, filtered by partner, name, category in scope and status, sorted', async () => {
    const a = await newChecklist({ name: 'Listed scooter check', assetCategoryScope: [scooter.id] });
    await newChecklist({ name: 'Listed ebike check' });
    const byCategory = await send('GET', `/checklist/checklists?assetCategoryId=${scooter.id}&name=listed`);
    expect(byCategory.json()).toMatchObject({
      count: 1,
      data: [{ id: a.id, groupCount: 2, workItemCount: 3, assetCategoryScope: [scooter] }],
    });
    expect(byCategory.json().data[0]).not.toHaveProperty('workItemGroups');
    const byName = await send('GET', `/checklist/checklists?name=LISTED&partnerIdIn=${t.partnerA.id}&sort=name:desc`);
    expect(byName.json().data.map((c: Checklist) => c.name)).toEqual(['Listed scooter check', 'Listed ebike check']);
    await send('POST', `/checklist/checklists/${a.id}/$archive`);
    expect((await send('GET', '/checklist/checklists?name=listed')).json().count).toBe(1);
    const archived = await send('GET', '/checklist/checklists?name=listed&status=Deleted');
    expect(archived.json().data.map((c: Checklist) => [c.id, c.status])).toEqual([[a.id, 'Deleted']]);
  });

  it('refuses a name a live checklist of the partner has, and allows it once that one is archived', async () => {
    const first = await newChecklist({ name: 'Spring check' });
    const again = await create({ name: 'spring CHECK' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('ChecklistNameAlreadyExists');
    const other = await newChecklist({ name: 'Autumn check' });
    const renamed = await send('PATCH', `/checklist/checklists/${other.id}`, { name: 'Spring check' });
    expect(errorOf(renamed).code).toBe('ChecklistNameAlreadyExists');
    const archived = await send('POST', `/checklist/checklists/${first.id}/$archive`);
    expect(archived.json().data.status).toBe('Deleted');
    expect((await create({ name: 'Spring check' })).statusCode).toBe(201);
  });

  it('patches the fields it is sent; editing never touches the items', async () => {
    const checklist = await newChecklist();
    const res = await send('PATCH', `/checklist/checklists/${checklist.id}`, {
      basicCostAmount: 0,
      assetCategoryScope: [scooter.id],
      assetLifeCyclePreferTo: null,
      description: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      basicCostAmount: 0,
      assetCategoryScope: [scooter],
      assetLifeCyclePreferTo: null,
      description: null,
      name: checklist.name,
    });
    expect(res.json().data.workItemGroups).toEqual(checklist.workItemGroups);
    const badState = await send('PATCH', `/checklist/checklists/${checklist.id}`, { assetLifeCyclePreferTo: 'Broken' });
    expect(badState.statusCode).toBe(400);
    expect(Object.keys((errorOf(badState).data as Fields).fields)).toEqual(['assetLifeCyclePreferTo']);
  });

  it('refuses unknown categories and work items that are not live items of the same partner, on their field', async () => {
    const archivedItem = await newItem(t.partnerA.id, 'Old bell');
    await send('POST', `/checklist/workItems/${archivedItem.id}/$archive`);
    const res = await create({
      name: 'Bad links',
      assetCategoryScope: [ebike.id, randomUUID()],
      workItemGroups: [
        group('Ok', [items[0]?.id as string]),
        group('Bad', [items[1]?.id as string, itemOfB, archivedItem.id, randomUUID()]),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect((errorOf(res).data as Fields).fields).toEqual({ 'assetCategoryScope.1': 'Unknown asset category' });
    const items400 = await create({
      name: 'Bad items',
      workItemGroups: [
        group('Ok', [items[0]?.id as string]),
        group('Bad', [items[1]?.id as string, itemOfB, archivedItem.id, randomUUID(), items[1]?.id as string]),
      ],
    });
    expect(items400.statusCode).toBe(400);
    expect((errorOf(items400).data as Fields).fields).toEqual({
      'workItemGroups.1.workItemIdList.1': 'The work item does not exist',
      'workItemGroups.1.workItemIdList.2': 'The work item does not exist',
      'workItemGroups.1.workItemIdList.3': 'The work item does not exist',
      'workItemGroups.1.workItemIdList.4': 'The work item is listed twice in the group',
    });
    const checklist = await newChecklist();
    const added = await send(
      'POST',
      `/checklist/checklists/${checklist.id}/workItemGroups`,
      group('Foreign', [itemOfB]),
    );
    expect((errorOf(added).data as Fields).fields).toEqual({ 'workItemIdList.0': 'The work item does not exist' });
    const empty = await send('POST', `/checklist/checklists/${checklist.id}/workItemGroups`, group('Empty', []));
    expect(Object.keys((errorOf(empty).data as Fields).fields)).toEqual(['workItemIdList']);
    const noPartner = await create({ name: 'Nobody', partnerId: randomUUID() });
    expect(errorOf(noPartner).code).toBe('PartnerNotFound');
  });

  it(`holds at most ${CHECKLIST_GROUP_WORK_ITEMS_MAX} items a group (WorkItemExceedLimit) and ${CHECKLIST_GROUPS_MAX} groups`, async () => {
    const tooManyItems = Array.from({ length: CHECKLIST_GROUP_WORK_ITEMS_MAX + 1 }, () => randomUUID());
    const res = await create({ name: 'Huge', workItemGroups: [group('All', tooManyItems)] });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({
      code: 'WorkItemExceedLimit',
      data: { max: CHECKLIST_GROUP_WORK_ITEMS_MAX, field: 'workItemGroups.0.workItemIdList' },
    });
    const checklist = await newChecklist();
    const patched = await send(
      'PATCH',
      `/checklist/checklists/${checklist.id}/workItemGroups/${checklist.workItemGroups[0]?.id}`,
      { workItemIdList: tooManyItems },
    );
    expect(errorOf(patched).code).toBe('WorkItemExceedLimit');

    const groups = Array.from({ length: CHECKLIST_GROUPS_MAX + 1 }, (_, i) => group(`G${i}`, [items[0]?.id as string]));
    const tooManyGroups = await create({ name: 'Many groups', workItemGroups: groups });
    expect(tooManyGroups.statusCode).toBe(400);
    expect(Object.keys((errorOf(tooManyGroups).data as Fields).fields)).toEqual(['workItemGroups']);
    const full = await newChecklist({ workItemGroups: groups.slice(0, CHECKLIST_GROUPS_MAX) });
    const added = await send(
      'POST',
      `/checklist/checklists/${full.id}/workItemGroups`,
      group('One more', [items[0]?.id as string]),
    );
    expect(added.statusCode).toBe(400);
    expect(Object.keys((errorOf(added).data as Fields).fields)).toEqual(['workItemGroups']);
  });

  it('adds, changes, moves and removes groups; positions stay 0…n-1', async () => {
    const checklist = await newChecklist();
    const url = `/checklist/checklists/${checklist.id}/workItemGroups`;
    const added = await send('POST', url, group('Lights', [items[3]?.id as string], { isRequired: false }));
    expect(added.statusCode).toBe(201);
    let current = added.json().data as Checklist;
    expect(groupIds(current)).toEqual([
      ['Brakes', 0],
      ['Tyres', 1],
      ['Lights', 2],
    ]);
    const lights = current.workItemGroups[2]?.id;
    current = (await send('PATCH', `${url}/${lights}`, { position: 0, name: 'Lamps' })).json().data;
    expect(groupIds(current)).toEqual([
      ['Lamps', 0],
      ['Brakes', 1],
      ['Tyres', 2],
    ]);
    // A position past the end puts the group last.
    current = (await send('PATCH', `${url}/${lights}`, { position: 99 })).json().data;
    expect(groupIds(current)).toEqual([
      ['Brakes', 0],
      ['Tyres', 1],
      ['Lamps', 2],
    ]);
    const brakes = current.workItemGroups[0]?.id;
    const changed = await send('PATCH', `${url}/${brakes}`, {
      workItemIdList: [items[0]?.id],
      isAllWorkItemsRequired: true,
      description: 'Both wheels',
    });
    expect(changed.json().data.workItemGroups[0]).toMatchObject({
      workItemIdList: [items[0]?.id],
      workItems: [{ id: items[0]?.id }],
      isAllWorkItemsRequired: true,
      description: 'Both wheels',
    });
    current = (await send('DELETE', `${url}/${brakes}`)).json().data;
    expect(groupIds(current)).toEqual([
      ['Tyres', 0],
      ['Lamps', 1],
    ]);
    const logs = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, checklist.id));
    expect(logs.filter((l) => l.field === 'workItemGroups').length).toBeGreaterThanOrEqual(5);
  });

  it('numbers groups added at the same time one after the other, and archives once under concurrency', async () => {
    const checklist = await newChecklist();
    const url = `/checklist/checklists/${checklist.id}/workItemGroups`;
    const added = await Promise.all(
      ['A', 'B', 'C', 'D'].map((name) => send('POST', url, group(`Extra ${name}`, [items[3]?.id as string]))),
    );
    expect(added.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const after = (await send('GET', `/checklist/checklists/${checklist.id}`)).json().data as Checklist;
    expect(after.workItemGroups.map((g) => g.position)).toEqual([0, 1, 2, 3, 4, 5]);
    const archived = await Promise.all(
      [1, 2, 3].map(() => send('POST', `/checklist/checklists/${checklist.id}/$archive`)),
    );
    expect(archived.map((r) => r.json().data.status)).toEqual(['Deleted', 'Deleted', 'Deleted']);
    const logs = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, checklist.id));
    expect(logs.filter((l) => l.field === 'status').map((l) => [l.before, l.after])).toEqual([
      [null, 'Inuse'],
      ['Inuse', 'Deleted'],
    ]);
  });

  it('refuses group names twice in a checklist and answers a missing checklist or group with its code', async () => {
    const inBody = await create({
      name: 'Twice',
      workItemGroups: [group('Brakes', [items[0]?.id as string]), group('brakes', [items[1]?.id as string])],
    });
    expect(inBody.statusCode).toBe(409);
    expect(errorOf(inBody)).toMatchObject({
      code: 'ChecklistWorkItemGroupNameAlreadyExists',
      data: { fields: { 'workItemGroups.1.name': expect.any(String) } },
    });
    const checklist = await newChecklist();
    const url = `/checklist/checklists/${checklist.id}/workItemGroups`;
    const added = await send('POST', url, group('TYRES', [items[0]?.id as string]));
    expect(added.statusCode).toBe(409);
    expect(errorOf(added).code).toBe('ChecklistWorkItemGroupNameAlreadyExists');
    const renamed = await send('PATCH', `${url}/${checklist.workItemGroups[0]?.id}`, { name: 'Tyres' });
    expect(errorOf(renamed).code).toBe('ChecklistWorkItemGroupNameAlreadyExists');

    const missing = await send('GET', `/checklist/checklists/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('ChecklistNotFound');
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await send(method, `${url}/${randomUUID()}`, method === 'PATCH' ? { name: 'x' } : undefined);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('ChecklistWorkItemGroupNotFound');
    }
  });

  it("keeps partner A's checklists from partner B's staff: 404 by id, hidden in lists, 403 when named", async () => {
    const checklist = await newChecklist({ name: 'Scoped checklist' });
    const groupUrl = `/checklist/checklists/${checklist.id}/workItemGroups/${checklist.workItemGroups[0]?.id}`;
    for (const [method, url, body] of [
      ['GET', `/checklist/checklists/${checklist.id}`, undefined],
      ['PATCH', `/checklist/checklists/${checklist.id}`, { basicCostAmount: 1 }],
      ['POST', `/checklist/checklists/${checklist.id}/$archive`, undefined],
      ['POST', `/checklist/checklists/${checklist.id}/workItemGroups`, group('B', [itemOfB])],
      ['PATCH', groupUrl, { position: 1 }],
      ['DELETE', groupUrl, undefined],
      ['DELETE', `${groupUrl}/image`, undefined],
    ] as const) {
      const res = await send(method, url, body, staffB);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('ChecklistNotFound');
    }
    expect((await put(`${groupUrl}/image`, await jpeg(), staffB)).statusCode).toBe(404);
    expect((await send('GET', '/checklist/checklists?name=Scoped', undefined, staffB)).json()).toEqual({
      data: [],
      count: 0,
    });
    expect((await send('GET', '/checklist/checklists?name=Scoped', undefined, staffA)).json().count).toBe(1);
    const named = await send('GET', `/checklist/checklists?partnerIdIn=${t.partnerA.id}`, undefined, staffB);
    expect(errorOf(named).code).toBe('PartnerOutOfScope');
    const created = await create({ name: 'Foreign' }, staffB);
    expect(errorOf(created).code).toBe('PartnerOutOfScope');
    // Partner B's staff cannot put partner A's items into partner B's checklist either.
    const mixed = await create(
      { name: 'Mixed', partnerId: t.partnerB.id, workItemGroups: [group('A items', [items[0]?.id as string])] },
      staffB,
    );
    expect(Object.keys((errorOf(mixed).data as Fields).fields)).toEqual(['workItemGroups.0.workItemIdList.0']);
    expect((await send('GET', `/checklist/checklists/${checklist.id}`)).json().data).toEqual(checklist);

    expect(await getForRecord(t.database.db, [t.partnerB.id], checklist.id)).toBeUndefined();
    expect((await getForRecord(t.database.db, [t.partnerA.id], checklist.id))?.workItemGroups).toHaveLength(2);
  });

  it('needs checklist.checklist.* for each call', async () => {
    const reader = (await t.userWith(['checklist.checklist.read'], '*')).token;
    const checklist = await newChecklist();
    expect((await send('GET', `/checklist/checklists/${checklist.id}`, undefined, reader)).statusCode).toBe(200);
    expect(errorOf(await create({ name: 'Nope' }, reader)).code).toBe('Forbidden');
    expect((await send('PATCH', `/checklist/checklists/${checklist.id}`, { name: 'x' }, reader)).statusCode).toBe(403);
    const updater = (await t.userWith(['checklist.checklist.update'], '*')).token;
    const archive = await send('POST', `/checklist/checklists/${checklist.id}/$archive`, undefined, updater);
    expect(errorOf(archive).code).toBe('Forbidden');
    const byItemsOnly = (await t.userWith(['checklist.work_item.read'], '*')).token;
    expect((await send('GET', '/checklist/checklists', undefined, byItemsOnly)).statusCode).toBe(403);
  });

  it('stores and removes group images (JPEG/PNG by content, at most 5 MB)', async () => {
    const checklist = await newChecklist();
    const url = `/checklist/checklists/${checklist.id}/workItemGroups/${checklist.workItemGroups[1]?.id}/image`;
    const uploaded = await put(url, await jpeg());
    expect(uploaded.statusCode).toBe(200);
    const imageUrl = uploaded.json().data.workItemGroups[1].imageUrl as string;
    expect(imageUrl).toMatch(/^\/api\/files\/workshop\/[0-9a-f-]+\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(200);
    const notImage = await put(url, Buffer.from('GIF89a not accepted'));
    expect(errorOf(notImage).code).toBe('UnsupportedMediaType');
    const tooLarge = await put(url, Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(tooLarge.statusCode).toBe(413);
    const missingGroup = await put(
      `/checklist/checklists/${checklist.id}/workItemGroups/${randomUUID()}/image`,
      await jpeg(),
    );
    expect(errorOf(missingGroup).code).toBe('ChecklistWorkItemGroupNotFound');
    const removed = await send('DELETE', url);
    expect(removed.json().data.workItemGroups[1].imageUrl).toBeNull();
  });

  it('archives a checklist: it leaves the list, stays readable, and frees its items for archiving', async () => {
    const item = await newItem(t.partnerA.id, 'Kickstand');
    const checklist = await newChecklist({ workItemGroups: [group('Stand', [item.id])] });
    expect(errorOf(await send('POST', `/checklist/workItems/${item.id}/$archive`)).code).toBe('WorkItemInUsed');
    const archived = await send('POST', `/checklist/checklists/${checklist.id}/$archive`);
    expect(archived.json().data).toMatchObject({
      status: 'Deleted',
      workItemGroups: [{ workItems: [{ id: item.id }] }],
    });
    expect((await send('GET', `/checklist/checklists/${checklist.id}`)).json().data.status).toBe('Deleted');
    expect((await send('POST', `/checklist/workItems/${item.id}/$archive`)).json().data.status).toBe('Deleted');
  });
});
