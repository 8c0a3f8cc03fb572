import { randomUUID } from 'node:crypto';
import { WORK_ITEM_OPTIONS_MAX, WORKSHOP_IMAGE_MAX_BYTES } from '@fleetdesk/contracts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, multipartFile, type TestContext } from '../../../test/harness.ts';
import { fieldLogs } from '../../db/schema/index.ts';

type Item = {
  id: string;
  name: string;
  status: string;
  imageUrl: string | null;
  usedByChecklists: number;
  options: { id: string; name: string; price: number | null; position: number; imageUrl: string | null }[];
};
const ALL = ['create', 'read', 'update', 'delete'].map((a) => `checklist.work_item.${a}`);

describe('work items API', () => {
  let t: TestContext;
  let categoryId: string;
  let staffA: string;
  let staffB: string;

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, token = t.owner.token) =>
    call(t.app, method, url, { token, body });
  const create = (body: Record<string, unknown>, token = t.owner.token) =>
    send('POST', '/checklist/workItems', { partnerId: t.partnerA.id, resultMode: 'single', ...body }, token);
  async function newItem(body: Record<string, unknown> = {}): Promise<Item> {
    const res = await create({ name: `Item ${randomUUID().slice(0, 8)}`, ...body });
    expect(res.statusCode).toBe(201);
    return res.json().data;
  }
  const png = () =>
    sharp({ create: { width: 20, height: 10, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .png()
      .toBuffer();
  async function put(url: string, content: Buffer, token = t.owner.token) {
    const { payload, contentType } = await multipartFile({ content, filename: 'photo.png', type: 'image/png' });
    return t.app.inject({
      method: 'PUT',
      url: `/api${url}`,
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    });
  }
  const labour = { type: 'labour', name: 'Labour', costAmount: 10, price: 25 };
  const pads = { type: 'hardware', name: 'Pads', costAmount: 4, sku: 'BP-01' };

  beforeAll(async () => {
    t = await createTestContext();
    const category = await send('POST', '/asset/categories', { name: 'E-bike', assetType: 'EBIKE', properties: [] });
    categoryId = category.json().data.id;
    staffA = (await t.userWith(ALL, [t.partnerA.id])).token;
    staffB = (await t.userWith(ALL, [t.partnerB.id])).token;
  });
  afterAll(() => t.close());

  it('creates an item with its options in order, reads, lists and patches it, with field logs', async () => {
    const res = await create({
      name: 'Brake pads',
      description: 'Front and rear',
      resultMode: 'multiple',
      options: [labour, { ...pads, price: 0 }],
    });
    expect(res.statusCode).toBe(201);
    const item = res.json().data;
    expect(item).toMatchObject({
      partner: { id: t.partnerA.id, name: 'Partner A' },
      name: 'Brake pads',
      description: 'Front and rear',
      resultMode: 'multiple',
      status: 'Inuse',
      imageUrl: null,
      usedByChecklists: 0,
      options: [
        { type: 'labour', name: 'Labour', costAmount: 10, price: 25, position: 0, sku: null },
        // A price of 0 is a price (charged at 0), not "recorded only".
        { type: 'hardware', name: 'Pads', costAmount: 4, price: 0, position: 1, sku: 'BP-01' },
      ],
    });
    expect((await send('GET', `/checklist/workItems/${item.id}`)).json().data).toEqual(item);

    const listed = await send('GET', `/checklist/workItems?name=brake&partnerIdIn=${t.partnerA.id}`);
    expect(listed.json()).toMatchObject({ count: 1, data: [{ id: item.id }] });
    const sorted = await send('GET', '/checklist/workItems?sort=name:asc&pageSize=100');
    const names = sorted.json().data.map((i: Item) => i.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));

    // Blank text is no text (document 1 §7.9): the description is cleared.
    const patched = await send('PATCH', `/checklist/workItems/${item.id}`, { description: '', resultMode: 'single' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ description: null, resultMode: 'single', name: 'Brake pads' });

    const logs = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, item.id));
    expect(logs.every((l) => l.entityType === 'work-item')).toBe(true);
    expect(logs.map((l) => l.field)).toEqual(expect.arrayContaining(['name', 'options', 'description', 'resultMode']));
  });

  it('keeps an option without a price as recorded only, and a price can be cleared again', async () => {
    const item = await newItem({ options: [pads] });
    expect(item.options[0]?.price).toBeNull();
    const optionId = item.options[0]?.id as string;
    const priced = await send('PATCH', `/checklist/workItems/${item.id}/options/${optionId}`, { price: 12.5 });
    expect(priced.json().data.options[0]).toMatchObject({ price: 12.5 });
    const cleared = await send('PATCH', `/checklist/workItems/${item.id}/options/${optionId}`, { price: null });
    expect(cleared.json().data.options[0]).toMatchObject({ price: null, name: 'Pads', costAmount: 4 });
  });

  it('adds, changes and removes options; removing renumbers the rest', async () => {
    const item = await newItem({ options: [labour] });
    const added = await send('POST', `/checklist/workItems/${item.id}/options`, pads);
    expect(added.statusCode).toBe(201);
    const third = await send('POST', `/checklist/workItems/${item.id}/options`, { ...pads, name: 'Cable' });
    const options = third.json().data.options as Item['options'];
    expect(options.map((o) => [o.name, o.position])).toEqual([
      ['Labour', 0],
      ['Pads', 1],
      ['Cable', 2],
    ]);
    const removed = await send('DELETE', `/checklist/workItems/${item.id}/options/${options[0]?.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.options.map((o: Item['options'][number]) => [o.name, o.position])).toEqual([
      ['Pads', 0],
      ['Cable', 1],
    ]);
  });

  it('refuses a name a live item of the partner has (any case), and allows it again once that one is archived', async () => {
    const item = await newItem({ name: 'Chain' });
    const again = await create({ name: 'CHAIN' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('WorkItemNameAlreadyExists');
    // Another partner may have its own "Chain".
    expect((await create({ name: 'Chain', partnerId: t.partnerB.id })).statusCode).toBe(201);
    const other = await newItem({ name: 'Chain guard' });
    const renamed = await send('PATCH', `/checklist/workItems/${other.id}`, { name: 'chain' });
    expect(errorOf(renamed).code).toBe('WorkItemNameAlreadyExists');

    expect((await send('POST', `/checklist/workItems/${item.id}/$archive`)).json().data.status).toBe('Deleted');
    expect((await create({ name: 'Chain' })).statusCode).toBe(201);
    const archived = await send('GET', '/checklist/workItems?status=Deleted&name=Chain');
    expect(archived.json().data.map((i: Item) => i.id)).toEqual([item.id]);
  });

  it('answers two concurrent creates of one name with one item and one 409 (the unique index decides)', async () => {
    const name = `Race ${randomUUID().slice(0, 6)}`;
    const results = await Promise.all([create({ name }), create({ name })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.statusCode === 409);
    expect(errorOf(refused as (typeof results)[number]).code).toBe('WorkItemNameAlreadyExists');
  });

  it('refuses option names twice in one item, in the body and against stored options', async () => {
    const inBody = await create({ name: 'Tyres', options: [labour, { ...labour, name: 'labour' }] });
    expect(inBody.statusCode).toBe(409);
    expect(errorOf(inBody)).toMatchObject({
      code: 'WorkItemOptionNameAlreadyExists',
      data: { fields: { 'options.1.name': expect.any(String) } },
    });
    const item = await newItem({ options: [labour, pads] });
    const added = await send('POST', `/checklist/workItems/${item.id}/options`, { ...pads, name: 'PADS' });
    expect(added.statusCode).toBe(409);
    expect(errorOf(added).code).toBe('WorkItemOptionNameAlreadyExists');
    const renamed = await send('PATCH', `/checklist/workItems/${item.id}/options/${item.options[1]?.id}`, {
      name: 'Labour',
    });
    expect(errorOf(renamed).code).toBe('WorkItemOptionNameAlreadyExists');
  });

  it(`holds at most ${WORK_ITEM_OPTIONS_MAX} options (OptionsExceedLimit), on create and on add`, async () => {
    const many = Array.from({ length: WORK_ITEM_OPTIONS_MAX + 1 }, (_, i) => ({ ...labour, name: `Option ${i}` }));
    const tooMany = await create({ name: 'Display', options: many });
    expect(tooMany.statusCode).toBe(422);
    expect(errorOf(tooMany)).toMatchObject({ code: 'OptionsExceedLimit', data: { max: WORK_ITEM_OPTIONS_MAX } });
    const full = await newItem({ options: many.slice(0, WORK_ITEM_OPTIONS_MAX) });
    const added = await send('POST', `/checklist/workItems/${full.id}/options`, { ...labour, name: 'One more' });
    expect(added.statusCode).toBe(422);
    expect(errorOf(added).code).toBe('OptionsExceedLimit');
    expect((await send('GET', `/checklist/workItems/${full.id}`)).json().data.options).toHaveLength(
      WORK_ITEM_OPTIONS_MAX,
    );
  });

  it('answers a missing item, option or partner with its code', async () => {
    const missing = await send('GET', `/checklist/workItems/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('WorkItemNotFound');
    const item = await newItem({ options: [labour] });
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await send(method, `/checklist/workItems/${item.id}/options/${randomUUID()}`, {
        ...(method === 'PATCH' ? { name: 'x' } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('WorkItemOptionNotFound');
    }
    const noPartner = await create({ name: 'Motor', partnerId: randomUUID() });
    expect(noPartner.statusCode).toBe(404);
    expect(errorOf(noPartner).code).toBe('PartnerNotFound');
  });

  it('refuses bodies the contract does not allow (unknown type, negative cost, unknown field)', async () => {
    const res = await create({ name: 'Lights', options: [{ ...labour, type: 'service', costAmount: -1 }] });
    expect(res.statusCode).toBe(400);
    expect(Object.keys((errorOf(res).data as { fields: object }).fields)).toEqual(
      expect.arrayContaining(['options.0.type', 'options.0.costAmount']),
    );
    const item = await newItem();
    const moved = await send('PATCH', `/checklist/workItems/${item.id}`, { partnerId: t.partnerB.id });
    expect(moved.statusCode).toBe(400);
  });

  it("keeps partner A's items from partner B's staff: 404 by id, hidden in lists, 403 when named", async () => {
    const item = await newItem({ name: 'Scoped item', options: [labour] });
    const optionUrl = `/checklist/workItems/${item.id}/options/${item.options[0]?.id}`;
    for (const [method, url, body] of [
      ['GET', `/checklist/workItems/${item.id}`, undefined],
      ['PATCH', `/checklist/workItems/${item.id}`, { name: 'Taken over' }],
      ['POST', `/checklist/workItems/${item.id}/$archive`, undefined],
      ['POST', `/checklist/workItems/${item.id}/options`, pads],
      ['PATCH', optionUrl, { price: 1 }],
      ['DELETE', optionUrl, undefined],
    ] as const) {
      const res = await send(method, url, body, staffB);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('WorkItemNotFound');
    }
    expect((await put(`/checklist/workItems/${item.id}/image`, await png(), staffB)).statusCode).toBe(404);
    const listed = await send('GET', '/checklist/workItems?name=Scoped', undefined, staffB);
    expect(listed.json()).toEqual({ data: [], count: 0 });
    expect((await send('GET', '/checklist/workItems?name=Scoped', undefined, staffA)).json().count).toBe(1);
    const named = await send('GET', `/checklist/workItems?partnerIdIn=${t.partnerA.id}`, undefined, staffB);
    expect(errorOf(named).code).toBe('PartnerOutOfScope');
    const created = await create({ name: 'Foreign' }, staffB);
    expect(created.statusCode).toBe(403);
    expect(errorOf(created).code).toBe('PartnerOutOfScope');
    expect((await send('GET', `/checklist/workItems/${item.id}`)).json().data.name).toBe('Scoped item');
  });

  it('needs checklist.work_item.* for each call', async () => {
    const reader = (await t.userWith(['checklist.work_item.read'], '*')).token;
    const item = await newItem();
    expect((await send('GET', `/checklist/workItems/${item.id}`, undefined, reader)).statusCode).toBe(200);
    expect(errorOf(await create({ name: 'Nope' }, reader)).code).toBe('Forbidden');
    expect((await send('PATCH', `/checklist/workItems/${item.id}`, { name: 'x' }, reader)).statusCode).toBe(403);
    expect((await send('POST', `/checklist/workItems/${item.id}/$archive`, undefined, reader)).statusCode).toBe(403);
    const updater = (await t.userWith(['checklist.work_item.update'], '*')).token;
    expect((await send('POST', `/checklist/workItems/${item.id}/$archive`, undefined, updater)).statusCode).toBe(403);
    expect((await send('GET', `/checklist/workItems/${item.id}`, undefined, updater)).statusCode).toBe(403);
  });

  it('refuses to archive an item a live checklist lists (WorkItemInUsed), then archives it once that one is', async () => {
    const item = await newItem({ name: 'Battery check' });
    const checklist = await send('POST', '/checklist/checklists', {
      partnerId: t.partnerA.id,
      name: 'Battery service',
      assetCategoryScope: [categoryId],
      basicCostAmount: 0,
      workItemGroups: [{ name: 'Battery', isRequired: true, isAllWorkItemsRequired: true, workItemIdList: [item.id] }],
    });
    expect(checklist.statusCode).toBe(201);
    expect((await send('GET', `/checklist/workItems/${item.id}`)).json().data.usedByChecklists).toBe(1);
    const refused = await send('POST', `/checklist/workItems/${item.id}/$archive`);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toMatchObject({ code: 'WorkItemInUsed', data: { checklists: 1 } });
    expect((await send('GET', `/checklist/workItems/${item.id}`)).json().data.status).toBe('Inuse');

    await send('POST', `/checklist/checklists/${checklist.json().data.id}/$archive`);
    const archived = await send('POST', `/checklist/workItems/${item.id}/$archive`);
    expect(archived.json().data).toMatchObject({ status: 'Deleted', usedByChecklists: 0 });
    // Archiving again is no change.
    expect((await send('POST', `/checklist/workItems/${item.id}/$archive`)).json().data.status).toBe('Deleted');
  });

  it('stores item and option images (JPEG/PNG by content, at most 5 MB), serves them publicly and removes them', async () => {
    const item = await newItem({ options: [labour] });
    const uploaded = await put(`/checklist/workItems/${item.id}/image`, await png());
    expect(uploaded.statusCode).toBe(200);
    const imageUrl = uploaded.json().data.imageUrl as string;
    expect(imageUrl).toMatch(/^\/api\/files\/workshop\/[0-9a-f-]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const optionUrl = `/checklist/workItems/${item.id}/options/${item.options[0]?.id}/image`;
    const optionImage = await put(optionUrl, await png());
    expect(optionImage.json().data.options[0].imageUrl).toMatch(/^\/api\/files\/workshop\//);
    const missingOption = await put(`/checklist/workItems/${item.id}/options/${randomUUID()}/image`, await png());
    expect(errorOf(missingOption).code).toBe('WorkItemOptionNotFound');

    const notImage = await put(`/checklist/workItems/${item.id}/image`, Buffer.from('%PDF-1.4 not a picture'));
    expect(notImage.statusCode).toBe(400);
    expect(errorOf(notImage).code).toBe('UnsupportedMediaType');
    const big = Buffer.concat([await png(), Buffer.alloc(WORKSHOP_IMAGE_MAX_BYTES)]);
    const tooLarge = await put(`/checklist/workItems/${item.id}/image`, big);
    expect(tooLarge.statusCode).toBe(413);
    expect((await send('GET', `/checklist/workItems/${item.id}`)).json().data.imageUrl).toBe(imageUrl);

    const removed = await send('DELETE', `/checklist/workItems/${item.id}/image`);
    expect(removed.json().data.imageUrl).toBeNull();
    const removedOption = await send('DELETE', optionUrl);
    expect(removedOption.json().data.options[0].imageUrl).toBeNull();
    const logged = await t.database.db
      .select()
      .from(fieldLogs)
      .where(and(eq(fieldLogs.entityId, item.id), eq(fieldLogs.field, 'imageUrl')));
    expect(logged.map((l) => l.after)).toEqual(expect.arrayContaining([imageUrl, null]));
  });
});
