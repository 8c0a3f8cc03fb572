import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, multipartFile, type TestContext } from '../../../test/harness.ts';
import { assets, fieldLogs } from '../../db/schema/index.ts';

type Fields = { fields: Record<string, string> };
type Property = { id: string; name: string; valueType: string; updateMethod: string; isUnique: boolean };

const image = (format: 'png' | 'jpeg', side = 40) => {
  const canvas = sharp({ create: { width: side, height: side, channels: 3, background: { r: 20, g: 140, b: 90 } } });
  return (format === 'png' ? canvas.png() : canvas.jpeg()).toBuffer();
};

/** A property as the form sends it back: the read-only fields (category, position) left out. */
const asInput = ({ id, name, valueType, updateMethod, isUnique }: Property) => ({
  id,
  name,
  valueType,
  updateMethod,
  isUnique,
});

let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}-${randomUUID().slice(0, 4)}`;

describe('asset categories API', () => {
  let t: TestContext;
  const base = () => ({
    name: unique('City e-bike'),
    assetType: 'EBIKE',
    detailUrl: 'https://example.com/city-ebike',
    description: 'Step-through frame, 500 Wh battery',
    isIot: true,
    properties: [
      { name: 'Frame number', valueType: 'TEXT', updateMethod: 'UNMODIFIABLE', isUnique: true },
      { name: 'Battery capacity (Wh)', valueType: 'INTEGER', updateMethod: 'MANUAL', isUnique: false },
    ],
  });

  const create = (body: unknown, token = t.owner.token) => call(t.app, 'POST', '/asset/categories', { token, body });
  const put = (id: string, body: unknown, token = t.owner.token) =>
    call(t.app, 'PUT', `/asset/categories/${id}`, { token, body });
  const list = (qs = '', token = t.owner.token) => call(t.app, 'GET', `/asset/categories${qs}`, { token });
  const upload = async (id: string, file: { content: Buffer; filename: string; type: string }, token: string) => {
    const { payload, contentType } = await multipartFile(file);
    return t.app.inject({
      method: 'PUT',
      url: `/api/asset/categories/${id}/image`,
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    });
  };
  const newCategory = async (overrides: Record<string, unknown> = {}) => {
    const res = await create({ ...base(), ...overrides });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; name: string; properties: Property[]; isEnabled: boolean };
  };
  const addAsset = async (
    categoryId: string,
    values: Record<string, unknown> = {},
    state = 'Ready',
    partnerId = t.partnerA.id,
  ) => {
    const id = randomUUID();
    await t.database.db.insert(assets).values({
      id,
      no: `A${randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase()}`,
      partnerId,
      categoryId,
      usageMode: 'customer-rental',
      lifeCycleState: state,
      properties: values,
    });
    return id;
  };

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('creates a category with its properties in one request, reads it back and logs it', async () => {
    const body = base();
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    const category = res.json().data;
    expect(category).toMatchObject({
      name: body.name,
      assetType: 'EBIKE',
      detailUrl: 'https://example.com/city-ebike',
      isIot: true,
      isEnabled: true,
      hasAssets: false,
      imageUrl: null,
      properties: [
        { name: 'Frame number', valueType: 'TEXT', updateMethod: 'UNMODIFIABLE', isUnique: true, position: 0 },
        { name: 'Battery capacity (Wh)', valueType: 'INTEGER', isUnique: false, position: 1 },
      ],
    });
    const got = await call(t.app, 'GET', `/asset/categories/${category.id}`, { token: t.owner.token });
    expect(got.json().data).toEqual(category);
    const props = await call(t.app, 'GET', `/asset/categories/${category.id}/properties`, { token: t.owner.token });
    expect(props.json().data).toEqual(category.properties);
    const byQuery = await call(t.app, 'GET', `/asset/properties?categoryId=${category.id}`, { token: t.owner.token });
    expect(byQuery.json().data).toEqual(category.properties);

    const found = await list(`?search=${encodeURIComponent(body.name.slice(0, 12))}&assetType=EBIKE&isIot=true`);
    expect(found.json().data.map((c: { id: string }) => c.id)).toContain(category.id);
    const none = await list(`?search=${encodeURIComponent(body.name)}&assetType=BATTERY`);
    expect(none.json().count).toBe(0);

    const summaries = await call(t.app, 'GET', '/asset/categorySummaries', { token: t.owner.token });
    expect(summaries.json().data).toContainEqual({
      id: category.id,
      name: body.name,
      assetType: 'EBIKE',
      isEnabled: true,
      isIot: true,
    });
    const logs = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, category.id));
    expect(logs.map((l) => l.field)).toEqual(expect.arrayContaining(['name', 'assetType', 'properties']));
  });

  it('refuses a second category with the same name in any case (409 on name)', async () => {
    const first = await newCategory();
    const res = await create({ ...base(), name: first.name.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('CategoryWithSameNameExists');
    expect((errorOf(res).data as Fields).fields).toHaveProperty('name');
    const other = await newCategory();
    const renamed = await put(other.id, { ...base(), name: first.name.toLowerCase() });
    expect(errorOf(renamed).code).toBe('CategoryWithSameNameExists');
  });

  it('refuses two properties with the same name, naming the second by its path, and writes nothing', async () => {
    const body = base();
    body.properties.push({
      name: 'battery CAPACITY (wh)',
      valueType: 'NUMBER',
      updateMethod: 'MANUAL',
      isUnique: false,
    });
    const res = await create(body);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('PropertyWithSameNameExists');
    expect((errorOf(res).data as Fields).fields).toEqual({
      'properties.2.name': 'A property with this name already exists in this category',
    });
    expect((await list(`?search=${encodeURIComponent(body.name)}`)).json().count).toBe(0);

    const category = await newCategory();
    const appended = await call(t.app, 'POST', '/asset/properties', {
      token: t.owner.token,
      body: { categoryId: category.id, name: 'FRAME NUMBER', valueType: 'TEXT', updateMethod: 'MANUAL' },
    });
    expect(errorOf(appended).code).toBe('PropertyWithSameNameExists');
    expect((errorOf(appended).data as Fields).fields).toHaveProperty('name');
  });

  it('validates the body: type, URL, description length, unique flag on yes/no and image properties', async () => {
    const res = await create({
      ...base(),
      assetType: 'CAR',
      detailUrl: 'ftp://example.com',
      description: 'x'.repeat(501),
      properties: [
        { name: 'Has basket', valueType: 'BOOLEAN', updateMethod: 'MANUAL', isUnique: true },
        { name: ' padded', valueType: 'PHOTO', updateMethod: 'MANUAL' },
      ],
    });
    expect(res.statusCode).toBe(400);
    const { fields } = errorOf(res).data as Fields;
    expect(fields).toMatchObject({
      assetType: 'Please select an asset type',
      detailUrl: 'Please enter a valid URL',
      description: 'Must be at most 500 characters',
      'properties.0.isUnique': 'Yes/no and image properties cannot be unique',
      'properties.1.name': 'Must not start or end with whitespace',
      'properties.1.valueType': 'Please select a value type',
    });
    expect((await create({ ...base(), name: '   ' })).statusCode).toBe(400);
    expect((await list('?isEnabled=maybe')).statusCode).toBe(400);
  });

  it('updates fields and properties: rename, swap names, add, remove unused, keep order', async () => {
    const category = await newCategory();
    const [frame, battery] = category.properties as [Property, Property];
    const res = await put(category.id, {
      ...base(),
      name: category.name,
      assetType: 'BIKE',
      detailUrl: '',
      isIot: false,
      properties: [
        { ...asInput(frame), name: 'Battery capacity (Wh)' },
        { id: battery.id, name: 'Frame number', valueType: 'NUMBER', updateMethod: 'AUTOMATIC', isUnique: false },
        { name: 'Purchase date', valueType: 'DATE', updateMethod: 'MANUAL', isUnique: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data;
    expect(updated).toMatchObject({ assetType: 'BIKE', detailUrl: null, isIot: false });
    expect(
      updated.properties.map((p: Property) => [p.id === frame.id, p.id === battery.id, p.name, p.valueType]),
    ).toEqual([
      [true, false, 'Battery capacity (Wh)', 'TEXT'],
      [false, true, 'Frame number', 'NUMBER'],
      [false, false, 'Purchase date', 'DATE'],
    ]);

    const dropped = await put(category.id, {
      ...base(),
      name: category.name,
      properties: [asInput(updated.properties[2])],
    });
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json().data.properties.map((p: Property) => p.name)).toEqual(['Purchase date']);

    const foreign = await put(category.id, {
      ...base(),
      name: category.name,
      properties: [{ id: randomUUID(), name: 'X', valueType: 'TEXT', updateMethod: 'MANUAL' }],
    });
    expect(errorOf(foreign).code).toBe('PropertyNotExist');
    expect((errorOf(foreign).data as Fields).fields).toHaveProperty('properties.0.id');
  });

  it('keeps value types fixed and properties with values once the category has assets', async () => {
    const category = await newCategory();
    const [frame, battery] = category.properties as [Property, Property];
    await addAsset(category.id, { [frame.id]: 'FR-001' });
    const body = (properties: unknown[]) => ({ ...base(), name: category.name, properties });

    const retyped = await put(category.id, body([asInput(frame), { ...asInput(battery), valueType: 'NUMBER' }]));
    expect(retyped.statusCode).toBe(409);
    expect(errorOf(retyped).code).toBe('Conflict');
    expect(errorOf(retyped).message).toContain('cannot change');
    expect((errorOf(retyped).data as Fields).fields).toHaveProperty('properties.1.valueType');

    const withoutFrame = await put(category.id, body([asInput(battery)]));
    expect(withoutFrame.statusCode).toBe(409);
    expect(errorOf(withoutFrame).message).toContain('"Frame number" cannot be removed');

    const reflagged = await put(
      category.id,
      body([asInput(frame), { ...asInput(battery), updateMethod: 'AUTOMATIC' }]),
    );
    expect(reflagged.statusCode).toBe(200);
    // A property nobody has a value for may go, even when the category has assets.
    const withoutBattery = await put(category.id, body([asInput(frame)]));
    expect(withoutBattery.statusCode).toBe(200);
    expect(withoutBattery.json().data).toMatchObject({ hasAssets: true, properties: [{ id: frame.id }] });

    // Values written while a property was not unique may repeat, so it cannot become unique afterwards.
    const second = await newCategory();
    const [, capacity] = second.properties as [Property, Property];
    await addAsset(second.id, { [capacity.id]: 500 });
    const madeUnique = await put(second.id, {
      ...base(),
      name: second.name,
      properties: second.properties.map((p) => ({ ...asInput(p), isUnique: true })),
    });
    expect(madeUnique.statusCode).toBe(409);
    expect((errorOf(madeUnique).data as Fields).fields).toHaveProperty('properties.1.isUnique');
  });

  it('disables: every asset of the category becomes Removed with a field log; enabling leaves them Removed', async () => {
    const category = await newCategory();
    const other = await newCategory();
    const ready = await addAsset(category.id, {}, 'Ready');
    const missing = await addAsset(category.id, {}, 'Missing');
    const alreadyRemoved = await addAsset(category.id, {}, 'Removed');
    const elsewhere = await addAsset(other.id, {}, 'Ready');

    const res = await call(t.app, 'POST', `/asset/categories/${category.id}/$disable`, { token: t.owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.isEnabled).toBe(false);
    const states = async () =>
      Object.fromEntries(
        (await t.database.db.select({ id: assets.id, s: assets.lifeCycleState }).from(assets)).map((r) => [r.id, r.s]),
      );
    expect(await states()).toMatchObject({
      [ready]: 'Removed',
      [missing]: 'Removed',
      [alreadyRemoved]: 'Removed',
      [elsewhere]: 'Ready',
    });
    const logs = await t.database.db
      .select()
      .from(fieldLogs)
      .where(and(eq(fieldLogs.entityType, 'asset'), eq(fieldLogs.field, 'lifeCycleState')));
    expect(logs.filter((l) => l.entityId === missing)).toMatchObject([
      { before: 'Missing', after: 'Removed', userId: t.owner.id },
    ]);
    expect(logs.some((l) => l.entityId === alreadyRemoved)).toBe(false);

    const again = await call(t.app, 'POST', `/asset/categories/${category.id}/$disable`, { token: t.owner.token });
    expect(again.statusCode).toBe(200);
    const enabled = await call(t.app, 'POST', `/asset/categories/${category.id}/$enable`, { token: t.owner.token });
    expect(enabled.json().data.isEnabled).toBe(true);
    expect(
      (await call(t.app, 'POST', `/asset/categories/${category.id}/$enable`, { token: t.owner.token })).statusCode,
    ).toBe(200);
    expect((await states())[ready]).toBe('Removed');
  });

  it('shows disabled categories only to holders of asset_category.read_disabled', async () => {
    const category = await newCategory();
    await call(t.app, 'POST', `/asset/categories/${category.id}/$disable`, { token: t.owner.token });
    const reader = await t.userWith(['asset_category.read']);
    const seer = await t.userWith(['asset_category.read', 'asset_category.read_disabled']);
    const query = `?search=${encodeURIComponent(category.name)}`;

    expect((await list(query, reader.token)).json().count).toBe(0);
    expect((await list(`${query}&isEnabled=false`, reader.token)).json().count).toBe(0);
    expect((await call(t.app, 'GET', `/asset/categories/${category.id}`, { token: reader.token })).statusCode).toBe(
      404,
    );
    const readerSummaries = (await call(t.app, 'GET', '/asset/categorySummaries', { token: reader.token })).json().data;
    expect(readerSummaries.some((c: { id: string }) => c.id === category.id)).toBe(false);

    expect((await list(`${query}&isEnabled=false`, seer.token)).json().data).toMatchObject([
      { id: category.id, isEnabled: false },
    ]);
    expect((await call(t.app, 'GET', `/asset/categories/${category.id}`, { token: seer.token })).statusCode).toBe(200);
    const seerSummaries = (await call(t.app, 'GET', '/asset/categorySummaries', { token: seer.token })).json().data;
    expect(seerSummaries.some((c: { id: string }) => c.id === category.id)).toBe(true);
  });

  it('lets asset readers load summaries and properties but not the category list', async () => {
    const category = await newCategory();
    const assetReader = await t.userWith(['asset.read'], [t.partnerA.id]);
    expect((await call(t.app, 'GET', '/asset/categorySummaries', { token: assetReader.token })).statusCode).toBe(200);
    const props = await call(t.app, 'GET', `/asset/categories/${category.id}/properties`, { token: assetReader.token });
    expect(props.statusCode).toBe(200);
    expect(errorOf(await list('', assetReader.token)).code).toBe('Forbidden');
  });

  it('refuses callers without a token', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/asset/categories'],
      ['GET', '/asset/categorySummaries'],
      ['GET', `/asset/categories/${id}`],
      ['GET', `/asset/categories/${id}/properties`],
      ['POST', '/asset/categories'],
      ['PUT', `/asset/categories/${id}`],
      ['POST', `/asset/categories/${id}/$enable`],
      ['POST', `/asset/categories/${id}/$disable`],
      ['PUT', `/asset/categories/${id}/image`],
      ['DELETE', `/asset/categories/${id}/image`],
      ['GET', `/asset/properties?categoryId=${id}`],
      ['POST', '/asset/properties'],
    ] as const) {
      const res = await call(t.app, method, url, { body: method === 'POST' || method === 'PUT' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(errorOf(res).code).toBe('Unauthorized');
    }
  });

  it('refuses each write to callers without its permission (Forbidden) and writes nothing', async () => {
    const category = await newCategory();
    const nobody = await t.userWith(['user.read']);
    expect(errorOf(await list('', nobody.token)).code).toBe('Forbidden');
    expect(errorOf(await call(t.app, 'GET', '/asset/categorySummaries', { token: nobody.token })).code).toBe(
      'Forbidden',
    );
    const reader = await t.userWith(['asset_category.read']);
    const updater = await t.userWith(['asset_category.read', 'asset_category.update']);
    const creator = await t.userWith(['asset_category.read', 'asset_category.create']);
    for (const [token, method, url, body] of [
      [reader.token, 'POST', '/asset/categories', base()],
      [updater.token, 'POST', '/asset/categories', base()],
      [reader.token, 'PUT', `/asset/categories/${category.id}`, base()],
      [creator.token, 'PUT', `/asset/categories/${category.id}`, base()],
      [creator.token, 'POST', `/asset/categories/${category.id}/$disable`, undefined],
      [creator.token, 'POST', `/asset/categories/${category.id}/$enable`, undefined],
      [creator.token, 'DELETE', `/asset/categories/${category.id}/image`, undefined],
      [
        creator.token,
        'POST',
        '/asset/properties',
        { categoryId: category.id, name: 'X', valueType: 'TEXT', updateMethod: 'MANUAL' },
      ],
    ] as const) {
      const res = await call(t.app, method, url, { token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(res).code).toBe('Forbidden');
    }
    const png = await upload(
      category.id,
      { content: await image('png'), filename: 'a.png', type: 'image/png' },
      creator.token,
    );
    expect(errorOf(png).code).toBe('Forbidden');
    expect((await create(base(), creator.token)).statusCode).toBe(201);
    const ok = await call(t.app, 'POST', `/asset/categories/${category.id}/$disable`, { token: updater.token });
    expect(ok.statusCode).toBe(200);
    const still = await call(t.app, 'GET', `/asset/categories/${category.id}`, { token: t.owner.token });
    expect(still.json().data.name).toBe(category.name);
  });

  it('refuses every write to a partner-scoped caller holding the permissions (PartnerOutOfScope), writes nothing', async () => {
    const category = await newCategory();
    const withImage = await upload(
      category.id,
      { content: await image('png'), filename: 'a.png', type: 'image/png' },
      t.owner.token,
    );
    expect(withImage.statusCode, withImage.body).toBe(200);
    const otherPartnersAsset = await addAsset(category.id, {}, 'Ready', t.partnerB.id);
    const scoped = await t.userWith(
      ['asset_category.read', 'asset_category.create', 'asset_category.update', 'asset_category.read_disabled'],
      [t.partnerA.id],
    );
    const read = async () =>
      (await call(t.app, 'GET', `/asset/categories/${category.id}`, { token: t.owner.token })).json().data;
    const before = await read();
    const logCount = async () =>
      (await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, category.id))).length;
    const logsBefore = await logCount();
    const categoryCount = async () => (await list('?pageSize=1')).json().count as number;
    const countBefore = await categoryCount();
    const renamed = {
      ...base(),
      properties: [...category.properties.map(asInput), { ...base().properties[1], name: 'X' }],
    };

    for (const [method, url, body] of [
      ['POST', '/asset/categories', base()],
      ['PUT', `/asset/categories/${category.id}`, renamed],
      ['POST', `/asset/categories/${category.id}/$disable`, undefined],
      ['POST', `/asset/categories/${category.id}/$enable`, undefined],
      ['DELETE', `/asset/categories/${category.id}/image`, undefined],
      ['POST', '/asset/properties', { categoryId: category.id, name: 'X', valueType: 'TEXT', updateMethod: 'MANUAL' }],
    ] as const) {
      const res = await call(t.app, method, url, { token: scoped.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(res)).toMatchObject({
        code: 'PartnerOutOfScope',
        message: 'your partner scope must be set to all',
      });
    }
    const png = await upload(
      category.id,
      { content: await image('jpeg'), filename: 'b.jpg', type: 'image/jpeg' },
      scoped.token,
    );
    expect(png.statusCode).toBe(403);
    expect(errorOf(png).code).toBe('PartnerOutOfScope');

    expect(await read()).toEqual(before);
    expect(await logCount()).toBe(logsBefore);
    expect(await categoryCount()).toBe(countBefore);
    const [asset] = await t.database.db
      .select({ state: assets.lifeCycleState })
      .from(assets)
      .where(eq(assets.id, otherPartnersAsset));
    expect(asset?.state).toBe('Ready');
    const scopedRead = await call(t.app, 'GET', `/asset/categories/${category.id}`, { token: scoped.token });
    expect(scopedRead.statusCode).toBe(200);
    expect(scopedRead.json().data).toEqual(before);
  });

  it('appends a property with POST /asset/properties', async () => {
    const category = await newCategory();
    const res = await call(t.app, 'POST', '/asset/properties', {
      token: t.owner.token,
      body: { categoryId: category.id, name: 'Manual', valueType: 'LINK', updateMethod: 'MANUAL' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Manual', valueType: 'LINK', isUnique: false, position: 2 });
    const missing = await call(t.app, 'POST', '/asset/properties', {
      token: t.owner.token,
      body: { categoryId: randomUUID(), name: 'Manual', valueType: 'LINK', updateMethod: 'MANUAL' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('stores, replaces and removes the image; refuses other formats and 2 MB or more', async () => {
    const category = await newCategory();
    const png = await upload(
      category.id,
      { content: await image('png'), filename: 'a.png', type: 'image/png' },
      t.owner.token,
    );
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json().data.imageUrl).toMatch(/^\/api\/files\/categories\/.+\.png$/);
    const jpg = await upload(
      category.id,
      { content: await image('jpeg'), filename: 'b.jpg', type: 'image/jpeg' },
      t.owner.token,
    );
    expect(jpg.json().data.imageUrl).toMatch(/\.jpg$/);

    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const refused = await upload(category.id, { content: gif, filename: 'c.png', type: 'image/png' }, t.owner.token);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe('UnsupportedMediaType');

    const big = Buffer.concat([await image('png'), Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await upload(category.id, { content: big, filename: 'd.png', type: 'image/png' }, t.owner.token);
    expect(tooLarge.statusCode).toBe(413);
    expect(errorOf(tooLarge).code).toBe('PayloadTooLarge');

    const removed = await call(t.app, 'DELETE', `/asset/categories/${category.id}/image`, { token: t.owner.token });
    expect(removed.json().data.imageUrl).toBeNull();
    const unknown = await upload(
      randomUUID(),
      { content: await image('png'), filename: 'a.png', type: 'image/png' },
      t.owner.token,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('pages and sorts', async () => {
    await newCategory();
    await newCategory();
    const page = await list('?pageSize=1&sort=name:asc');
    expect(page.json().data).toHaveLength(1);
    expect(page.json().count).toBeGreaterThan(1);
    expect(errorOf(await list('?sort=assetType:asc')).code).toBe('ValidationError');
  });
});
