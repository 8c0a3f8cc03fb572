import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, multipartFile, type TestContext } from '../../../test/harness.ts';
import {
  assetCategories,
  assetProperties,
  assets,
  assetUniqueValues,
  fieldLogs,
  sites,
} from '../../db/schema/index.ts';

type Fields = { fields: Record<string, string> };
type TestUser = Awaited<ReturnType<TestContext['userWith']>>;

const png = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

describe('assets API', () => {
  let t: TestContext;
  let categoryId: string;
  let iotCategoryId: string;
  let disabledCategoryId: string;
  let siteA: string;
  let siteB: string;
  let scopedA: TestUser;
  let readerOnly: TestUser;
  let nobody: TestUser;
  const prop: Record<string, string> = {};
  let counter = 0;
  const nextNo = (base = 'A') => `${base}${String(++counter).padStart(5, '0')}`;

  async function addProperty(
    category: string,
    name: string,
    valueType: string,
    updateMethod = 'MANUAL',
    isUnique = false,
  ) {
    const id = randomUUID();
    await t.database.db.insert(assetProperties).values({
      id,
      categoryId: category,
      name,
      valueType,
      updateMethod,
      isUnique,
      position: Object.keys(prop).length,
    });
    return id;
  }

  async function addCategory(name: string, opts: { isIot?: boolean; isEnabled?: boolean } = {}) {
    const id = randomUUID();
    await t.database.db.insert(assetCategories).values({ id, name, assetType: 'EBIKE', ...opts });
    return id;
  }

  async function addSite(partnerId: string, name: string) {
    const id = randomUUID();
    await t.database.db.insert(sites).values({ id, partnerId, name, type: 'station', city: 'Milano' });
    return id;
  }

  const create = (body: Record<string, unknown>, token = t.owner.token, category = categoryId) =>
    call(t.app, 'POST', `/asset/categories/${category}/assets`, { token, body });
  const patch = (no: string, body: Record<string, unknown>, token = t.owner.token, category = categoryId) =>
    call(t.app, 'PATCH', `/asset/categories/${category}/assets/${no}`, { token, body });
  const get = (no: string, token = t.owner.token) => call(t.app, 'GET', `/asset/assets/${no}`, { token });

  async function createAsset(overrides: Record<string, unknown> = {}, category = categoryId) {
    const no = (overrides.no as string | undefined) ?? nextNo();
    const res = await create(
      { no, partnerId: t.partnerA.id, usageMode: 'customer-rental', ...overrides },
      t.owner.token,
      category,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; no: string };
  }

  beforeAll(async () => {
    t = await createTestContext();
    categoryId = await addCategory('City e-bike');
    iotCategoryId = await addCategory('Connected e-bike', { isIot: true });
    disabledCategoryId = await addCategory('Old bikes', { isEnabled: false });
    prop.frame = await addProperty(categoryId, 'Frame number', 'TEXT', 'UNMODIFIABLE', true);
    prop.serial = await addProperty(categoryId, 'Serial', 'TEXT', 'MANUAL', true);
    prop.gears = await addProperty(categoryId, 'Gears', 'INTEGER');
    prop.weight = await addProperty(categoryId, 'Weight kg', 'NUMBER');
    prop.helmet = await addProperty(categoryId, 'Helmet box', 'BOOLEAN');
    prop.bought = await addProperty(categoryId, 'Bought on', 'DATE');
    prop.serviced = await addProperty(categoryId, 'Last service', 'DATE_TIME');
    prop.manual = await addProperty(categoryId, 'Manual', 'LINK');
    prop.photo = await addProperty(categoryId, 'Photo', 'IMAGE');
    prop.seal = await addProperty(categoryId, 'Seal photo', 'IMAGE', 'UNMODIFIABLE');
    prop.odometer = await addProperty(categoryId, 'Odometer', 'INTEGER', 'AUTOMATIC');
    prop.iotOnly = await addProperty(iotCategoryId, 'Firmware', 'TEXT');
    siteA = await addSite(t.partnerA.id, 'Duomo');
    siteB = await addSite(t.partnerB.id, 'Sagrada');
    scopedA = await t.userWith(['asset.read', 'asset.create', 'asset.update', 'asset.delete'], [t.partnerA.id]);
    readerOnly = await t.userWith(['asset.read']);
    nobody = await t.userWith(['site.read']);
  });
  afterAll(() => t.close());

  it('creates an asset with property values and reads it back', async () => {
    const res = await create({
      no: 'MIE00001',
      partnerId: t.partnerA.id,
      siteId: siteA,
      usageMode: 'customer-rental',
      note: 'Front basket',
      properties: {
        [prop.frame as string]: 'FR-1',
        [prop.gears as string]: 7,
        [prop.weight as string]: 23.5,
        [prop.helmet as string]: true,
        [prop.bought as string]: '2025-03-01',
        [prop.serviced as string]: '2026-01-10T09:30:00+01:00',
        [prop.manual as string]: 'https://example.com/manual.pdf',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      no: 'MIE00001',
      partner: { id: t.partnerA.id, name: 'Partner A' },
      category: { id: categoryId, name: 'City e-bike', assetType: 'EBIKE', isEnabled: true, isIot: false },
      site: { id: siteA, name: 'Duomo' },
      lifeCycleState: 'New',
      turnoverState: 'InSite',
      usageMode: 'customer-rental',
      note: 'Front basket',
      iot: null,
    });
    const values = Object.fromEntries(
      created.properties.map((p: { property: { name: string }; value: unknown }) => [p.property.name, p.value]),
    );
    expect(values).toEqual({
      'Frame number': 'FR-1',
      Serial: null,
      Gears: 7,
      'Weight kg': 23.5,
      'Helmet box': true,
      'Bought on': '2025-03-01',
      'Last service': '2026-01-10T09:30:00+01:00',
      Manual: 'https://example.com/manual.pdf',
      Photo: null,
      'Seal photo': null,
      Odometer: null,
    });
    const read = await get('MIE00001');
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(created);
    const unique = await t.database.db
      .select()
      .from(assetUniqueValues)
      .where(eq(assetUniqueValues.assetId, created.id));
    expect(unique).toEqual([{ propertyId: prop.frame, value: '"FR-1"', assetId: created.id }]);
  });

  it('refuses without a token and without the permission of each call', async () => {
    const a = await createAsset();
    expect((await call(t.app, 'GET', `/asset/assets/${a.no}`)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', `/asset/categories/${categoryId}/assets`, { body: {} })).statusCode).toBe(401);
    const refusals = [
      await get(a.no, nobody.token),
      await call(t.app, 'GET', `/asset/assets/${a.no}/fieldLogs`, { token: nobody.token }),
      await call(t.app, 'GET', '/asset/assets/$findAssetNos?prefix=A', { token: nobody.token }),
      await call(t.app, 'POST', '/asset/assets/$search', { token: nobody.token, body: { nos: [a.no] } }),
      await create({ no: nextNo(), partnerId: t.partnerA.id, usageMode: 'customer-rental' }, readerOnly.token),
      await patch(a.no, { note: 'x' }, readerOnly.token),
      await call(t.app, 'DELETE', `/asset/assets/${a.no}`, { token: readerOnly.token }),
      await call(t.app, 'PUT', `/asset-iot/assets/${a.no}/iot/device`, {
        token: readerOnly.token,
        body: { no: 'DEV1', vendor: 'okai' },
      }),
      await call(t.app, 'DELETE', `/asset-iot/assets/${a.no}/iot/device`, { token: readerOnly.token }),
      await call(t.app, 'DELETE', `/asset/assets/${a.no}/properties/${prop.photo}/image`, { token: readerOnly.token }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res).code).toBe('Forbidden');
    }
    // Nothing changed.
    expect((await get(a.no)).json().data.note).toBeNull();
  });

  it('answers another partner’s asset exactly as a missing one (404) on every read and write, writing nothing', async () => {
    const ofB = await createAsset({ partnerId: t.partnerB.id, no: 'BCN00001' }, iotCategoryId);
    const ofA = await createAsset({ no: 'BCN00002' });
    const token = scopedA.token;
    const logsBefore = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, ofB.id));
    const calls = (no: string) => [
      get(no, token),
      patch(no, { note: 'mine now' }, token, iotCategoryId),
      call(t.app, 'DELETE', `/asset/assets/${no}`, { token }),
      call(t.app, 'GET', `/asset/assets/${no}/fieldLogs`, { token }),
      call(t.app, 'PUT', `/asset-iot/assets/${no}/iot/device`, { token, body: { no: 'X1', vendor: 'okai' } }),
      call(t.app, 'DELETE', `/asset-iot/assets/${no}/iot/device`, { token }),
      call(t.app, 'DELETE', `/asset/assets/${no}/properties/${prop.photo}/image`, { token }),
    ];
    const outOfScope = await Promise.all(calls(ofB.no));
    const missing = await Promise.all(calls('BCN99999'));
    for (const [i, res] of outOfScope.entries()) {
      expect(res.statusCode, res.body).toBe(404);
      expect(errorOf(res).code).toBe('NotFound');
      const absent = missing[i] as (typeof missing)[number];
      expect([absent.statusCode, errorOf(absent).code]).toEqual([res.statusCode, errorOf(res).code]);
    }
    // A partner named in the body is refused as such.
    const created = await create({ no: 'BCN00003', partnerId: t.partnerB.id, usageMode: 'customer-rental' }, token);
    expect(created.statusCode).toBe(403);
    expect(errorOf(created).code).toBe('PartnerOutOfScope');
    expect((await get('BCN00003')).statusCode).toBe(404);
    // Nothing was written: the asset, its device and its field logs are as they were.
    const read = (await get(ofB.no)).json().data;
    expect(read).toMatchObject({ no: ofB.no, note: null, iot: null });
    const [row] = await t.database.db.select().from(assets).where(eq(assets.id, ofB.id));
    expect(row?.iotDeviceNo).toBeNull();
    expect(await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, ofB.id))).toEqual(logsBefore);
    const found = await call(t.app, 'GET', '/asset/assets/$findAssetNos?prefix=bcn', { token });
    expect(found.json().data).toEqual(['BCN00002']);
    const searched = await call(t.app, 'POST', '/asset/assets/$search', {
      token,
      body: { nos: ['BCN00001', 'BCN00002', 'NOPE1'] },
    });
    expect(searched.statusCode).toBe(200);
    expect(searched.json().data.map((a: { no: string }) => a.no)).toEqual([ofA.no]);
    expect(searched.json().notFound).toEqual(['BCN00001', 'NOPE1']);
    // The owner (all partners) sees both.
    const all = await call(t.app, 'GET', '/asset/assets/$findAssetNos?prefix=BCN&limit=1', { token: t.owner.token });
    expect(all.json().data).toEqual(['BCN00001']);
  });

  it('does not name another partner’s asset when refusing a device bound to it', async () => {
    const ofB = await createAsset({ partnerId: t.partnerB.id }, iotCategoryId);
    const ofA = await createAsset({}, iotCategoryId);
    const bindB = await call(t.app, 'PUT', `/asset-iot/assets/${ofB.no}/iot/device`, {
      token: t.owner.token,
      body: { no: 'HIDDEN-DEV', vendor: 'okai' },
    });
    expect(bindB.statusCode).toBe(200);
    const scopedIot = await t.userWith(['asset.read', 'asset.update'], [t.partnerA.id]);
    const refused = await call(t.app, 'PUT', `/asset-iot/assets/${ofA.no}/iot/device`, {
      token: scopedIot.token,
      body: { no: 'HIDDEN-DEV', vendor: 'okai' },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(errorOf(refused).code).toBe('IotDeviceAlreadyBound');
    expect(JSON.stringify(errorOf(refused).data)).not.toContain(ofB.no);
    expect((await get(ofA.no)).json().data.iot).toBeNull();
    // The owner, who sees both, is told which asset holds the device.
    const toOwner = await call(t.app, 'PUT', `/asset-iot/assets/${ofA.no}/iot/device`, {
      token: t.owner.token,
      body: { no: 'HIDDEN-DEV', vendor: 'okai' },
    });
    expect((errorOf(toOwner).data as { assetNo?: string }).assetNo).toBe(ofB.no);
  });

  it('validates the asset number, fields and limits with their messages', async () => {
    const base = { partnerId: t.partnerA.id, usageMode: 'customer-rental' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, no: 'mi0001' }, 'no', 'Asset number must be capital letters and digits'],
      [{ ...base, no: 'MI-001' }, 'no', 'Asset number must be capital letters and digits'],
      [{ ...base, no: '' }, 'no', 'This field is required'],
      [{ ...base, no: 'A'.repeat(33) }, 'no', 'Must be at most 32 characters'],
      [{ partnerId: t.partnerA.id, usageMode: 'customer-rental' }, 'no', 'This field is required'],
      [{ ...base, no: 'OK1', usageMode: 'retail' }, 'usageMode', 'Usage mode must be selected'],
      [{ ...base, no: 'OK1', note: 'n'.repeat(501) }, 'note', 'Must be at most 500 characters'],
      [
        { ...base, no: 'OK1', lifeCycleState: 'Removed' },
        'lifeCycleState',
        'Removed is set only by disabling the category',
      ],
      [
        { ...base, no: 'OK1', turnoverState: 'RentingOut' },
        'turnoverState',
        'Turnover state can only be set to InSite or Unknown',
      ],
      [{ ...base, no: 'OK1', partnerId: 'x' }, 'partnerId', 'Must be a valid id'],
      [{ ...base, no: 'OK1', colour: 'red' }, 'colour', 'Unknown field'],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((errorOf(res).data as Fields).fields[field], JSON.stringify(body)).toBe(message);
    }
    expect((await get('OK1')).statusCode).toBe(404);
  });

  it('checks each property value against its value type and update method', async () => {
    const cases: [string, unknown, string][] = [
      [prop.gears as string, 7.5, 'Must be a whole number'],
      [prop.gears as string, '7', 'Must be a whole number'],
      [prop.weight as string, 'heavy', 'Must be a number'],
      [prop.helmet as string, 'yes', 'Must be true or false'],
      [prop.serial as string, 42, 'Must be text'],
      [prop.serial as string, 's'.repeat(501), 'Must be at most 500 characters'],
      [prop.serial as string, '  ', 'Must not be only whitespace'],
      [prop.bought as string, '2025-02-30', 'Must be a date as YYYY-MM-DD'],
      [prop.bought as string, '01/03/2025', 'Must be a date as YYYY-MM-DD'],
      [prop.serviced as string, '2026-01-10T09:30:00', 'Must be a date and time with its offset (ISO 8601)'],
      [prop.serviced as string, '2026-01-10', 'Must be a date and time with its offset (ISO 8601)'],
      [prop.manual as string, 'ftp://example.com/x', 'Please enter a valid URL'],
      [prop.manual as string, 'not a link', 'Please enter a valid URL'],
      [prop.photo as string, 'https://example.com/p.png', 'Upload images through the image upload'],
      [prop.odometer as string, 120, 'This property is updated automatically and cannot be set by staff'],
      [prop.iotOnly as string, 'v1', 'Unknown property of this category'],
      [randomUUID(), 'x', 'Unknown property of this category'],
    ];
    for (const [id, value, message] of cases) {
      const no = nextNo('V');
      const res = await create({
        no,
        partnerId: t.partnerA.id,
        usageMode: 'non-leasable',
        properties: { [id]: value },
      });
      expect(res.statusCode, `${id} ${JSON.stringify(value)}`).toBe(400);
      expect((errorOf(res).data as Fields).fields[`properties.${id}`]).toBe(message);
      expect((await get(no)).statusCode).toBe(404);
    }
    const notId = await create({
      no: nextNo(),
      partnerId: t.partnerA.id,
      usageMode: 'non-leasable',
      properties: { x: 1 },
    });
    expect(notId.statusCode).toBe(400);
  });

  it('refuses an unknown or disabled category, an unknown partner and a site of another partner', async () => {
    const base = { no: 'CAT1', partnerId: t.partnerA.id, usageMode: 'customer-rental' };
    const missing = await create(base, t.owner.token, randomUUID());
    expect(missing.statusCode).toBe(404);
    const disabled = await create(base, t.owner.token, disabledCategoryId);
    expect(disabled.statusCode).toBe(422);
    expect(errorOf(disabled).code).toBe('CategoryDisabled');
    const unknownPartner = await create({ ...base, partnerId: randomUUID() });
    expect(unknownPartner.statusCode).toBe(400);
    expect((errorOf(unknownPartner).data as Fields).fields.partnerId).toBe('Unknown partner');
    const otherSite = await create({ ...base, siteId: siteB });
    expect(otherSite.statusCode).toBe(422);
    expect((errorOf(otherSite).data as Fields).fields.siteId).toBe(
      'The site belongs to another partner than the asset',
    );
    const unknownSite = await create({ ...base, siteId: randomUUID() });
    expect((errorOf(unknownSite).data as Fields).fields.siteId).toBe('Unknown site');
    expect((await get('CAT1')).statusCode).toBe(404);
    const a = await createAsset();
    const moved = await patch(a.no, { siteId: siteB });
    expect(moved.statusCode).toBe(422);
    expect((await get(a.no)).json().data.site).toBeNull();
    expect((await patch(a.no, { siteId: siteA })).json().data.site).toEqual({ id: siteA, name: 'Duomo' });
    // The path names the category: the asset is not found under another one.
    expect((await patch(a.no, { note: 'x' }, t.owner.token, iotCategoryId)).statusCode).toBe(404);
  });

  it('refuses a taken asset number and a taken unique value with 409 on the field', async () => {
    const first = await createAsset({ properties: { [prop.serial as string]: 'SER-1' } });
    const sameNo = await create({ no: first.no, partnerId: t.partnerA.id, usageMode: 'customer-rental' });
    expect(sameNo.statusCode).toBe(409);
    expect(errorOf(sameNo)).toMatchObject({
      code: 'AssetNoAlreadyExists',
      data: { fields: { no: 'Asset number already exists' } },
    });
    const no = nextNo();
    const sameValue = await create({
      no,
      partnerId: t.partnerB.id,
      usageMode: 'customer-rental',
      properties: { [prop.serial as string]: 'SER-1' },
    });
    expect(sameValue.statusCode).toBe(409);
    expect((errorOf(sameValue).data as Fields).fields[`properties.${prop.serial}`]).toBe(
      'This value is already used by another asset',
    );
    expect((await get(no)).statusCode).toBe(404);
    const second = await createAsset({ properties: { [prop.serial as string]: 'SER-2' } });
    const patched = await patch(second.no, { properties: { [prop.serial as string]: 'SER-1' } });
    expect(patched.statusCode).toBe(409);
    // Freeing a value lets another asset take it.
    expect((await patch(first.no, { properties: { [prop.serial as string]: null } })).statusCode).toBe(200);
    const taken = await patch(second.no, { properties: { [prop.serial as string]: 'SER-1' } });
    expect(taken.statusCode, taken.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(assetUniqueValues)
      .where(eq(assetUniqueValues.propertyId, prop.serial as string));
    expect(rows).toEqual([{ propertyId: prop.serial, value: '"SER-1"', assetId: second.id }]);
  });

  it('lets only one of two concurrent creates with the same unique value through', async () => {
    const body = (no: string) => ({
      no,
      partnerId: t.partnerA.id,
      usageMode: 'customer-rental',
      properties: { [prop.frame as string]: 'RACE-FRAME' },
    });
    const results = await Promise.all([create(body(nextNo('R'))), create(body(nextNo('R')))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.statusCode === 409);
    expect((errorOf(refused as never).data as Fields).fields[`properties.${prop.frame}`]).toBe(
      'This value is already used by another asset',
    );
    const sameNo = await Promise.all([create(body('RACENO1')), create({ ...body('RACENO1'), properties: {} })]);
    expect(sameNo.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('merges property values on PATCH and keeps UNMODIFIABLE and AUTOMATIC values out of staff hands', async () => {
    const a = await createAsset({ properties: { [prop.frame as string]: 'FR-9', [prop.gears as string]: 3 } });
    const merged = await patch(a.no, { properties: { [prop.weight as string]: 20 } });
    expect(merged.statusCode, merged.body).toBe(200);
    const values = (res: typeof merged) =>
      Object.fromEntries(
        res.json().data.properties.map((p: { property: { id: string }; value: unknown }) => [p.property.id, p.value]),
      );
    expect(values(merged)).toMatchObject({
      [prop.frame as string]: 'FR-9',
      [prop.gears as string]: 3,
      [prop.weight as string]: 20,
    });
    const cleared = await patch(a.no, { properties: { [prop.gears as string]: null } });
    expect(values(cleared)[prop.gears as string]).toBeNull();
    for (const value of ['FR-10', null]) {
      const res = await patch(a.no, { properties: { [prop.frame as string]: value } });
      expect(res.statusCode).toBe(400);
      expect((errorOf(res).data as Fields).fields[`properties.${prop.frame}`]).toBe(
        'This property cannot be changed once set',
      );
    }
    // Sending the value it already has is no change.
    expect((await patch(a.no, { properties: { [prop.frame as string]: 'FR-9' } })).statusCode).toBe(200);
    const automatic = await patch(a.no, { properties: { [prop.odometer as string]: 5 } });
    expect((errorOf(automatic).data as Fields).fields[`properties.${prop.odometer}`]).toBe(
      'This property is updated automatically and cannot be set by staff',
    );
    // An UNMODIFIABLE value left empty at creation may be filled once.
    const empty = await createAsset();
    expect((await patch(empty.no, { properties: { [prop.frame as string]: 'LATE-1' } })).statusCode).toBe(200);
    expect((await patch(empty.no, { properties: { [prop.frame as string]: 'LATE-2' } })).statusCode).toBe(400);
  });

  it('enforces the lifecycle transitions through the API', async () => {
    const a = await createAsset();
    const move = (to: string) => patch(a.no, { lifeCycleState: to });
    expect((await move('Ready')).json().data.lifeCycleState).toBe('Ready');
    const back = await move('New');
    expect(back.statusCode).toBe(422);
    expect(errorOf(back)).toMatchObject({ code: 'LifeCycleTransitionInvalid', data: { from: 'Ready', to: 'New' } });
    expect(errorOf(await move('Removed'))).toMatchObject({ code: 'LifeCycleTransitionInvalid' });
    expect((await move('NotReady')).statusCode).toBe(200);
    expect((await move('Retired')).statusCode).toBe(200);
    const final = await move('Ready');
    expect(errorOf(final)).toMatchObject({
      code: 'LifeCycleTransitionInvalid',
      data: { from: 'Retired', to: 'Ready' },
    });
    expect((await get(a.no)).json().data.lifeCycleState).toBe('Retired');

    // Removed (set by disabling the category) is left only once the category is enabled again.
    const category = await addCategory('Seasonal bikes');
    const r = await createAsset({}, category);
    await t.database.db.update(assetCategories).set({ isEnabled: false }).where(eq(assetCategories.id, category));
    await t.database.db.update(assets).set({ lifeCycleState: 'Removed' }).where(eq(assets.id, r.id));
    const stuck = await patch(r.no, { lifeCycleState: 'New' }, t.owner.token, category);
    expect(stuck.statusCode).toBe(422);
    expect(errorOf(stuck).message).toBe('The asset stays Removed until its category is enabled again');
    await t.database.db.update(assetCategories).set({ isEnabled: true }).where(eq(assetCategories.id, category));
    expect((await patch(r.no, { lifeCycleState: 'Ready' }, t.owner.token, category)).statusCode).toBe(422);
    expect((await patch(r.no, { lifeCycleState: 'NotReady' }, t.owner.token, category)).statusCode).toBe(200);
  });

  it('refuses to delete an asset that is renting out or dispatching, deletes it otherwise and keeps its logs', async () => {
    const a = await createAsset({ properties: { [prop.frame as string]: 'DEL-1' } });
    for (const state of ['RentingOut', 'Dispatching']) {
      await t.database.db.update(assets).set({ turnoverState: state }).where(eq(assets.id, a.id));
      const res = await call(t.app, 'DELETE', `/asset/assets/${a.no}`, { token: t.owner.token });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toMatchObject({ code: 'AssetInUse', data: { turnoverState: state } });
    }
    expect((await patch(a.no, { turnoverState: 'InSite' })).statusCode).toBe(200);
    const res = await call(t.app, 'DELETE', `/asset/assets/${a.no}`, { token: scopedA.token });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(a.no)).statusCode).toBe(404);
    expect(errorOf(await get(a.no)).message).toBe('Asset deleted or not found');
    const logs = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, a.id));
    expect(logs.filter((l) => l.after === null && l.field === 'no')).toHaveLength(1);
    // The unique value went with the asset: another asset may use it.
    await createAsset({ properties: { [prop.frame as string]: 'DEL-1' } });
  });

  it('records field logs of creation, changes and IoT binding, newest first with who did it', async () => {
    const a = await createAsset({ properties: { [prop.gears as string]: 3 } });
    await patch(a.no, { note: 'Checked', properties: { [prop.gears as string]: 5 } }, scopedA.token);
    const res = await call(t.app, 'GET', `/asset/assets/${a.no}/fieldLogs?pageSize=50`, { token: t.owner.token });
    expect(res.statusCode).toBe(200);
    const { data, count } = res.json();
    expect(count).toBe(data.length);
    const latest = data.filter((l: { user: { id: string } }) => l.user.id === scopedA.id);
    expect(
      latest.map((l: { field: string; before: unknown; after: unknown }) => [l.field, l.before, l.after]).sort(),
    ).toEqual(
      [
        ['note', null, 'Checked'],
        [`properties.${prop.gears}`, 3, 5],
      ].sort(),
    );
    expect(latest[0].user).toEqual({ id: scopedA.id, name: expect.any(String) });
    expect(data[0].user.id).toBe(scopedA.id);
    const created = data.filter((l: { user: { id: string } }) => l.user.id === t.owner.id);
    expect(created).toContainEqual(expect.objectContaining({ field: 'no', before: null, after: a.no }));
    expect(created).toContainEqual(
      expect.objectContaining({ field: `properties.${prop.gears}`, before: null, after: 3 }),
    );
    const paged = await call(t.app, 'GET', `/asset/assets/${a.no}/fieldLogs?pageSize=1&pageNo=2`, {
      token: t.owner.token,
    });
    expect(paged.json().data).toHaveLength(1);
    expect(paged.json().count).toBe(count);
  });

  it('binds, rebinds and unbinds IoT devices, refusing a device bound elsewhere', async () => {
    const a = await createAsset({}, iotCategoryId);
    const b = await createAsset({}, iotCategoryId);
    const bind = (no: string, body: unknown, token = t.owner.token) =>
      call(t.app, 'PUT', `/asset-iot/assets/${no}/iot/device`, { token, body });
    const bound = await bind(a.no, { no: 'TBOX-0001', vendor: 'tbox', model: 'T3' });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().data.iot).toEqual({ deviceNo: 'TBOX-0001', vendor: 'tbox', model: 'T3' });
    const conflict = await bind(b.no, { no: 'TBOX-0001', vendor: 'tbox' });
    expect(conflict.statusCode).toBe(409);
    expect(errorOf(conflict)).toMatchObject({
      code: 'IotDeviceAlreadyBound',
      message: 'Edit failed, IoT device ID already bound',
    });
    expect((await get(b.no)).json().data.iot).toBeNull();
    // Rebinding the same asset replaces its device and clears the old device's readings.
    await t.database.db.update(assets).set({ chargePct: 80, lockState: 'LOCKED' }).where(eq(assets.id, a.id));
    const rebound = await bind(a.no, { no: 'OKAI-77', vendor: 'okai' });
    expect(rebound.json().data.iot).toEqual({ deviceNo: 'OKAI-77', vendor: 'okai', model: null });
    expect(rebound.json().data.iotState).toMatchObject({ chargePct: null, lockState: null });
    // The old device is free again.
    expect((await bind(b.no, { no: 'TBOX-0001', vendor: 'tbox' })).statusCode).toBe(200);
    const race = await Promise.all([
      bind(a.no, { no: 'RACE-DEV', vendor: 'rybit-tag' }),
      bind(b.no, { no: 'RACE-DEV', vendor: 'rybit-box' }),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const unbound = await call(t.app, 'DELETE', `/asset-iot/assets/${a.no}/iot/device`, { token: t.owner.token });
    expect(unbound.statusCode).toBe(200);
    expect(unbound.json().data.iot).toBeNull();
    const bad = await bind(a.no, { no: 'has space', vendor: 'acme' });
    expect(bad.statusCode).toBe(400);
    expect((errorOf(bad).data as Fields).fields).toMatchObject({
      no: 'IoT device ID must be letters, digits, dot, dash, colon or underscore',
      vendor: 'IoT vendor must be selected',
    });
    // A vendor bridge's name: the broker would take the device for a bridge.
    const reserved = await bind(a.no, { no: 'bridge-acme', vendor: 'okai' });
    expect(reserved.statusCode).toBe(400);
    expect((errorOf(reserved).data as Fields).fields).toMatchObject({
      no: 'IoT device ID must not start with "bridge-"',
    });
    const notIot = await createAsset();
    const refused = await bind(notIot.no, { no: 'DEV-9', vendor: 'okai' });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).code).toBe('CategoryNotIot');
    const logs = await call(t.app, 'GET', `/asset/assets/${a.no}/fieldLogs?pageSize=50`, { token: t.owner.token });
    const deviceLogs = logs.json().data.filter((l: { field: string }) => l.field === 'iotDeviceNo');
    expect(deviceLogs.map((l: { before: unknown; after: unknown }) => [l.before, l.after])).toEqual(
      expect.arrayContaining([
        [null, 'TBOX-0001'],
        ['TBOX-0001', 'OKAI-77'],
      ]),
    );
  });

  it('uploads and removes images of IMAGE properties only', async () => {
    const a = await createAsset();
    const upload = async (propertyId: string, content: Buffer, token = t.owner.token) => {
      const { payload, contentType } = await multipartFile({ content, filename: 'p.png', type: 'image/png' });
      return t.app.inject({
        method: 'PUT',
        url: `/api/asset/assets/${a.no}/properties/${propertyId}/image`,
        payload,
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      });
    };
    const photoOf = (
      res: { json: () => { data: { properties: { property: { id: string }; value: unknown }[] } } },
      id: string,
    ) => res.json().data.properties.find((p) => p.property.id === id)?.value;
    const res = await upload(prop.photo as string, await png());
    expect(res.statusCode, res.body).toBe(200);
    expect(photoOf(res, prop.photo as string)).toMatch(/^\/api\/files\/assets\/.+\.png$/);
    const notImage = await upload(prop.gears as string, await png());
    expect(notImage.statusCode).toBe(400);
    expect((errorOf(notImage).data as Fields).fields['params.propertyId']).toBe('Not an image property');
    const text = await upload(prop.photo as string, Buffer.from('not an image at all'));
    expect(text.statusCode).toBe(400);
    expect(errorOf(text).code).toBe('UnsupportedMediaType');
    const big = await upload(prop.photo as string, Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(big.statusCode).toBe(413);
    // UNMODIFIABLE images: set once, then neither replaced nor removed.
    expect((await upload(prop.seal as string, await png())).statusCode).toBe(200);
    expect((await upload(prop.seal as string, await png())).statusCode).toBe(400);
    const removeSeal = await call(t.app, 'DELETE', `/asset/assets/${a.no}/properties/${prop.seal}/image`, {
      token: t.owner.token,
    });
    expect(removeSeal.statusCode).toBe(400);
    const removed = await call(t.app, 'DELETE', `/asset/assets/${a.no}/properties/${prop.photo}/image`, {
      token: t.owner.token,
    });
    expect(removed.statusCode).toBe(200);
    expect(photoOf(removed, prop.photo as string)).toBeNull();
  });

  it('validates the picker and search inputs', async () => {
    const noPrefix = await call(t.app, 'GET', '/asset/assets/$findAssetNos?prefix=', { token: t.owner.token });
    expect(noPrefix.statusCode).toBe(400);
    const tooMany = await call(t.app, 'GET', '/asset/assets/$findAssetNos?prefix=A&limit=51', { token: t.owner.token });
    expect(tooMany.statusCode).toBe(400);
    const bad = await call(t.app, 'GET', '/asset/assets/$findAssetNos?prefix=A-', { token: t.owner.token });
    expect((errorOf(bad).data as Fields).fields['query.prefix']).toBe(
      'Asset number must be capital letters and digits',
    );
    const nos = Array.from({ length: 101 }, (_, i) => `N${i}`);
    const over = await call(t.app, 'POST', '/asset/assets/$search', { token: t.owner.token, body: { nos } });
    expect(over.statusCode).toBe(400);
    expect((errorOf(over).data as Fields).fields.nos).toBe('batch operations above 100 refused');
    const empty = await call(t.app, 'POST', '/asset/assets/$search', { token: t.owner.token, body: { nos: [] } });
    expect(empty.statusCode).toBe(400);
    const badNo = await call(t.app, 'GET', '/asset/assets/ab-1', { token: t.owner.token });
    expect(badNo.statusCode).toBe(400);
  });

  it('blocks deleting a site or a partner while assets reference them', async () => {
    const partner = await call(t.app, 'POST', '/account/partners', {
      token: t.owner.token,
      body: { name: 'Short-lived partner', email: 'short@lived.example' },
    });
    const partnerId = partner.statusCode === 201 ? (partner.json().data.id as string) : null;
    const site = await addSite(t.partnerA.id, 'Busy site');
    const a = await createAsset({ siteId: site });
    const siteDelete = await call(t.app, 'DELETE', `/inventory/sites/${site}`, { token: t.owner.token });
    expect(siteDelete.statusCode).toBe(422);
    expect(errorOf(siteDelete)).toMatchObject({ code: 'SiteInUse', data: { assets: 1 } });
    await patch(a.no, { siteId: null });
    expect((await call(t.app, 'DELETE', `/inventory/sites/${site}`, { token: t.owner.token })).statusCode).toBe(200);

    if (!partnerId) throw new Error(`partner create failed: ${partner.body}`);
    const owned = await createAsset({ partnerId });
    const refused = await call(t.app, 'DELETE', `/account/partners/${partnerId}`, { token: t.owner.token });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toMatchObject({ code: 'ReferencedByOthers', data: { assets: 1 } });
    expect((await call(t.app, 'DELETE', `/asset/assets/${owned.no}`, { token: t.owner.token })).statusCode).toBe(200);
    expect((await call(t.app, 'DELETE', `/account/partners/${partnerId}`, { token: t.owner.token })).statusCode).toBe(
      200,
    );
  });
});
