import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, multipartFile, type TestContext } from '../../../test/harness.ts';
import { fieldLogs, taxGroups } from '../../db/schema/index.ts';

type Fields = { fields: Record<string, string> };

const image = (format: 'png' | 'jpeg') => {
  const canvas = sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 140, b: 90 } } });
  return (format === 'png' ? canvas.png() : canvas.jpeg()).toBuffer();
};

describe('sites API', () => {
  let t: TestContext;
  let taxGroupId: string;
  let valid: Record<string, unknown>;
  let scopedA: Awaited<ReturnType<TestContext['userWith']>>;
  let siteOfB: string;

  const create = (body: unknown, token = t.owner.token) => call(t.app, 'POST', '/inventory/sites', { token, body });
  const query = (body: unknown, token = t.owner.token) =>
    call(t.app, 'POST', '/inventory/sites/$all/query', { token, body });
  const upload = async (id: string, file: { content: Buffer; filename: string; type: string }, token: string) => {
    const { payload, contentType } = await multipartFile(file);
    return t.app.inject({
      method: 'PUT',
      url: `/api/inventory/sites/${id}/image`,
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    });
  };

  beforeAll(async () => {
    t = await createTestContext();
    taxGroupId = randomUUID();
    // Tax groups have their own API (modules/tax); a row is all a site needs.
    await t.database.db
      .insert(taxGroups)
      .values({ id: taxGroupId, name: 'IT standard', displayName: 'IVA 22%', country: 'IT' });
    valid = {
      partnerId: t.partnerA.id,
      taxGroupId,
      name: 'Duomo Station',
      region: 'Lombardia',
      type: 'station',
      country: 'IT',
      city: 'Milano',
      zip: '20122',
      address: 'Piazza del Duomo 1',
      coordinates: '45.4642, 9.19',
      phone: '+390212345678',
      website: 'https://milanobikehub.it/duomo',
      openingHoursNote: 'Mon–Sat 8:00–20:00',
      fenceRadius: 150,
      note: 'Entrance from Via Torino',
      appointmentUrl: 'https://milanobikehub.it/book',
    };
    scopedA = await t.userWith(['site.read', 'site.write'], [t.partnerA.id]);
    const res = await create({ ...valid, partnerId: t.partnerB.id, name: 'Sagrada Familia', city: 'Barcelona' });
    siteOfB = res.json().data.id;
  });
  afterAll(() => t.close());

  it('creates, reads, queries, patches and deletes a site', async () => {
    const created = await create(valid);
    expect(created.statusCode).toBe(201);
    const site = created.json().data;
    expect(site).toMatchObject({
      partner: { id: t.partnerA.id, name: 'Partner A' },
      taxGroup: { id: taxGroupId, name: 'IT standard' },
      name: 'Duomo Station',
      type: 'station',
      coordinates: '45.4642, 9.19',
      latitude: 45.4642,
      longitude: 9.19,
      fenceRadius: 150,
      imageUrl: null,
      legacyId: null,
      isArchived: false,
    });

    const got = await call(t.app, 'GET', `/inventory/sites/${site.id}`, { token: t.owner.token });
    expect(got.json().data).toEqual(site);

    const found = await query({ name: 'duomo', city: 'mil', typeIn: ['station'], partnerIdIn: [t.partnerA.id] });
    expect(found.json()).toMatchObject({ count: 1, data: [{ id: site.id }] });

    const patched = await call(t.app, 'PATCH', `/inventory/sites/${site.id}`, {
      token: t.owner.token,
      body: { name: 'Duomo Hub', zip: '', coordinates: '', taxGroupId: null },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({
      name: 'Duomo Hub',
      zip: null,
      coordinates: null,
      latitude: null,
      taxGroup: null,
      city: 'Milano',
    });
    const logs = await t.database.db.select().from(fieldLogs);
    expect(logs.filter((l) => l.entityId === site.id).map((l) => l.field)).toEqual(
      expect.arrayContaining(['name', 'zip', 'latitude', 'taxGroupId']),
    );

    const removed = await call(t.app, 'DELETE', `/inventory/sites/${site.id}`, { token: t.owner.token });
    expect(removed.statusCode).toBe(200);
    const gone = await call(t.app, 'GET', `/inventory/sites/${site.id}`, { token: t.owner.token });
    expect(errorOf(gone).code).toBe('NotFound');
  });

  it('shows non-archived sites unless asked, and both with isArchived null', async () => {
    const archived = (await create({ ...valid, name: 'Old Depot', isArchived: true })).json().data;
    const active = (await query({ name: 'Old Depot' })).json();
    expect(active.count).toBe(0);
    const onlyArchived = (await query({ name: 'Old Depot', isArchived: true })).json();
    expect(onlyArchived.data.map((s: { id: string }) => s.id)).toEqual([archived.id]);
    expect((await query({ name: 'Old Depot', isArchived: null })).json().count).toBe(1);

    const refs = (await call(t.app, 'GET', '/inventory/sites', { token: t.owner.token })).json().data;
    expect(refs.some((r: { id: string }) => r.id === archived.id)).toBe(false);
    expect(refs).toContainEqual({ id: siteOfB, name: 'Sagrada Familia', partnerId: t.partnerB.id, type: 'station' });

    const unarchived = await call(t.app, 'PATCH', `/inventory/sites/${archived.id}`, {
      token: t.owner.token,
      body: { isArchived: false },
    });
    expect(unarchived.json().data.isArchived).toBe(false);
    expect((await query({ name: 'Old Depot' })).json().count).toBe(1);
  });

  it('pages and sorts, refusing pages over 100 and unknown sort keys', async () => {
    const res = await query({ sort: 'name:asc', pageSize: 1, pageNo: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().count).toBeGreaterThanOrEqual(2);
    expect((await query({ pageSize: 101 })).statusCode).toBe(400);
    expect(errorOf(await query({ sort: 'phone:asc' })).code).toBe('ValidationError');
  });

  it('refuses callers without a token', async () => {
    for (const [method, url] of [
      ['POST', '/inventory/sites/$all/query'],
      ['GET', '/inventory/sites'],
      ['GET', `/inventory/sites/${siteOfB}`],
      ['POST', '/inventory/sites'],
      ['POST', '/inventory/sites/$batch'],
      ['PATCH', `/inventory/sites/${siteOfB}`],
      ['DELETE', `/inventory/sites/${siteOfB}`],
      ['PUT', `/inventory/sites/${siteOfB}/image`],
      ['DELETE', `/inventory/sites/${siteOfB}/image`],
    ] as const) {
      const res = await call(t.app, method, url, { body: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(errorOf(res).code).toBe('Unauthorized');
    }
  });

  it('refuses callers without site.read or site.write (Forbidden)', async () => {
    const nobody = await t.userWith(['user.read']);
    expect(errorOf(await query({}, nobody.token)).code).toBe('Forbidden');
    expect(errorOf(await call(t.app, 'GET', '/inventory/sites', { token: nobody.token })).code).toBe('Forbidden');
    const reader = await t.userWith(['site.read']);
    expect((await query({}, reader.token)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/inventory/sites', valid],
      ['POST', '/inventory/sites/$batch', { sites: [valid] }],
      ['PATCH', `/inventory/sites/${siteOfB}`, { name: 'X' }],
      ['DELETE', `/inventory/sites/${siteOfB}`, undefined],
      ['DELETE', `/inventory/sites/${siteOfB}/image`, undefined],
    ] as const) {
      const res = await call(t.app, method, url, { token: reader.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(res).code).toBe('Forbidden');
    }
    const png = await upload(
      siteOfB,
      { content: await image('png'), filename: 'a.png', type: 'image/png' },
      reader.token,
    );
    expect(errorOf(png).code).toBe('Forbidden');
  });

  it('lets an asset reader load the site reference data', async () => {
    const assetReader = await t.userWith(['asset.read'], [t.partnerA.id]);
    const res = await call(t.app, 'GET', '/inventory/sites', { token: assetReader.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.every((s: { partnerId: string }) => s.partnerId === t.partnerA.id)).toBe(true);
  });

  it('shows a partner user only the sites of partners in scope', async () => {
    const list = (await query({ isArchived: null, pageSize: 100 }, scopedA.token)).json();
    expect(list.count).toBeGreaterThan(0);
    expect(list.data.every((s: { partner: { id: string } }) => s.partner.id === t.partnerA.id)).toBe(true);
    // Asking for another partner's sites by filter still shows none of them.
    expect((await query({ partnerIdIn: [t.partnerB.id] }, scopedA.token)).json().count).toBe(0);
    const refs = (await call(t.app, 'GET', '/inventory/sites', { token: scopedA.token })).json().data;
    expect(refs.map((r: { id: string }) => r.id)).not.toContain(siteOfB);
  });

  it("answers a partner user another partner's site exactly as a missing one (404) and writes nothing", async () => {
    const before = (await call(t.app, 'GET', `/inventory/sites/${siteOfB}`, { token: t.owner.token })).json();
    const logCount = async () =>
      (await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, siteOfB))).length;
    const logsBefore = await logCount();
    const missing = randomUUID();
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { name: 'Mine now' }],
      ['DELETE', '', undefined],
      ['DELETE', '/image', undefined],
    ] as const) {
      const res = await call(t.app, method, `/inventory/sites/${siteOfB}${path}`, { token: scopedA.token, body });
      const absent = await call(t.app, method, `/inventory/sites/${missing}${path}`, { token: scopedA.token, body });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(errorOf(res).code).toBe('NotFound');
      expect(res.json()).toEqual(absent.json());
    }
    const png = await upload(
      siteOfB,
      { content: await image('png'), filename: 'a.png', type: 'image/png' },
      scopedA.token,
    );
    expect(png.statusCode).toBe(404);
    expect(errorOf(png).code).toBe('NotFound');
    expect((await call(t.app, 'GET', `/inventory/sites/${siteOfB}`, { token: t.owner.token })).json()).toEqual(before);
    expect(await logCount()).toBe(logsBefore);
  });

  it('refuses creating or moving a site to a partner out of scope', async () => {
    const res = await create({ ...valid, partnerId: t.partnerB.id }, scopedA.token);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('PartnerOutOfScope');
    const batch = await call(t.app, 'POST', '/inventory/sites/$batch', {
      token: scopedA.token,
      body: { sites: [valid, { ...valid, partnerId: t.partnerB.id }] },
    });
    expect(errorOf(batch).code).toBe('PartnerOutOfScope');
    const mine = (await create({ ...valid, name: 'Scoped Site' }, scopedA.token)).json().data;
    const move = await call(t.app, 'PATCH', `/inventory/sites/${mine.id}`, {
      token: scopedA.token,
      body: { partnerId: t.partnerB.id },
    });
    expect(errorOf(move).code).toBe('PartnerOutOfScope');
  });

  it('refuses an unknown partner or tax group on the field', async () => {
    const unknownPartner = await create({ ...valid, partnerId: randomUUID() });
    expect(unknownPartner.statusCode).toBe(400);
    expect((errorOf(unknownPartner).data as Fields).fields).toEqual({ partnerId: 'Unknown partner' });
    const unknownGroup = await create({ ...valid, taxGroupId: randomUUID() });
    expect((errorOf(unknownGroup).data as Fields).fields).toEqual({ taxGroupId: 'Unknown tax group' });
  });

  describe('validation (document 2 §5 "Site" and "Common")', () => {
    it.each([
      ['a missing name', { name: undefined }, 'name', 'Invalid input: expected string, received undefined'],
      ['a whitespace-only name', { name: '   ' }, 'name', 'Must not be only whitespace'],
      ['a name with leading spaces', { name: ' Duomo' }, 'name', 'Must not start or end with whitespace'],
      ['a name longer than 50 characters', { name: 'x'.repeat(51) }, 'name', 'Must be at most 50 characters'],
      ['a missing city', { city: undefined }, 'city', 'Invalid input: expected string, received undefined'],
      ['a city longer than 50 characters', { city: 'x'.repeat(51) }, 'city', 'Must be at most 50 characters'],
      ['a zip longer than 10 characters', { zip: '12345678901' }, 'zip', 'Must be at most 10 characters'],
      [
        'an address longer than 100 characters',
        { address: 'x'.repeat(101) },
        'address',
        'Must be at most 100 characters',
      ],
      ['a website that is not a URL', { website: 'milano bike hub' }, 'website', 'Please enter a valid URL'],
      [
        'a website longer than 100 characters',
        { website: `https://example.com/${'x'.repeat(90)}` },
        'website',
        'Must be at most 100 characters',
      ],
      [
        'an opening hours note longer than 200 characters',
        { openingHoursNote: 'x'.repeat(201) },
        'openingHoursNote',
        'Must be at most 200 characters',
      ],
      ['a note longer than 150 characters', { note: 'x'.repeat(151) }, 'note', 'Must be at most 150 characters'],
      [
        'coordinates without a comma',
        { coordinates: '45.4642 9.19' },
        'coordinates',
        'Coordinates must be "latitude, longitude"',
      ],
      ['a latitude over 90', { coordinates: '91, 9.19' }, 'coordinates', 'Coordinates must be "latitude, longitude"'],
      [
        'a longitude under -180',
        { coordinates: '45, -180.5' },
        'coordinates',
        'Coordinates must be "latitude, longitude"',
      ],
      ['a phone without region code', { phone: '0212345678' }, 'phone', 'Phone number is invalid!'],
      ['a phone with letters', { phone: '+39abc' }, 'phone', 'Phone number is invalid!'],
      ['an unknown type', { type: 'garage' }, 'type', 'Type must be service center or station'],
      ['a lowercase country', { country: 'it' }, 'country', 'Country must be a two-letter ISO code'],
      ['a fence radius of 0', { fenceRadius: 0 }, 'fenceRadius', 'Fence radius must be between 1 and 100000 metres'],
      [
        'a fractional fence radius',
        { fenceRadius: 12.5 },
        'fenceRadius',
        'Fence radius must be a whole number of metres',
      ],
      [
        'an appointment url that is not a URL',
        { appointmentUrl: 'javascript:alert(1)' },
        'appointmentUrl',
        'Please enter a valid URL',
      ],
      ['a partner id of the wrong shape', { partnerId: '42' }, 'partnerId', 'Must be a valid id'],
      ['an unknown field', { imageUrl: 'https://evil.example/x.png' }, 'imageUrl', 'Unknown field'],
    ])('refuses %s with its message and writes nothing', async (_label, change, field, message) => {
      const before = (await query({ isArchived: null })).json().count;
      const res = await create({ ...valid, ...change });
      expect(res.statusCode).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe('ValidationError');
      expect((error.data as Fields).fields[field]).toBe(message);
      expect((await query({ isArchived: null })).json().count).toBe(before);
    });

    it('accepts the bounds: 50-character name, 10-character zip, coordinates at the poles', async () => {
      const res = await create({
        ...valid,
        name: 'n'.repeat(50),
        zip: '1234567890',
        coordinates: '-90, 180',
        fenceRadius: 100000,
        phone: '',
        website: '',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ coordinates: '-90, 180', phone: null, website: null });
    });

    it('checks a PATCH with the same rules', async () => {
      const res = await call(t.app, 'PATCH', `/inventory/sites/${siteOfB}`, {
        token: t.owner.token,
        body: { zip: '12345678901' },
      });
      expect((errorOf(res).data as Fields).fields).toEqual({ zip: 'Must be at most 10 characters' });
    });
  });

  describe('POST /inventory/sites/$batch', () => {
    const rows = (zip3: string): Record<string, unknown>[] => [
      { ...valid, name: 'Batch One', zip: '20121' },
      { ...valid, name: 'Batch Two', zip: '20122' },
      { ...valid, name: 'Batch Three', zip: zip3 },
    ];

    it('writes nothing when one row is invalid and names the row in the field path', async () => {
      const res = await call(t.app, 'POST', '/inventory/sites/$batch', {
        token: t.owner.token,
        body: { sites: rows('12345678901') },
      });
      expect(res.statusCode).toBe(400);
      expect((errorOf(res).data as Fields).fields).toEqual({ 'sites.2.zip': 'Must be at most 10 characters' });
      expect((await query({ name: 'Batch' })).json().count).toBe(0);
    });

    it('writes nothing when a later row names an unknown tax group (checked in the transaction)', async () => {
      const sites = rows('20123');
      sites[1] = { ...sites[1], taxGroupId: randomUUID() };
      const res = await call(t.app, 'POST', '/inventory/sites/$batch', { token: t.owner.token, body: { sites } });
      expect((errorOf(res).data as Fields).fields).toEqual({ 'sites.1.taxGroupId': 'Unknown tax group' });
      expect((await query({ name: 'Batch' })).json().count).toBe(0);
    });

    it('creates every row in one go, answered in the order sent', async () => {
      const res = await call(t.app, 'POST', '/inventory/sites/$batch', {
        token: t.owner.token,
        body: { sites: rows('20123') },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.map((s: { name: string }) => s.name)).toEqual(['Batch One', 'Batch Two', 'Batch Three']);
      expect((await query({ name: 'Batch' })).json().count).toBe(3);
    });

    it('refuses an empty batch and more than 100 rows', async () => {
      const empty = await call(t.app, 'POST', '/inventory/sites/$batch', { token: t.owner.token, body: { sites: [] } });
      expect((errorOf(empty).data as Fields).fields).toEqual({ sites: 'Please add at least one site' });
      const tooMany = await call(t.app, 'POST', '/inventory/sites/$batch', {
        token: t.owner.token,
        body: { sites: Array.from({ length: 101 }, (_, i) => ({ ...valid, name: `Many ${i}` })) },
      });
      expect((errorOf(tooMany).data as Fields).fields).toEqual({ sites: 'At most 100 sites at once' });
    });
  });

  describe('PUT and DELETE /inventory/sites/:id/image', () => {
    it.each([
      ['a JPEG', 'jpeg', 'site.jpg', 'image/jpeg', 'image/jpeg'],
      ['a PNG declared as JPEG', 'png', 'site.jpg', 'image/jpeg', 'image/png'],
    ] as const)(
      'accepts %s and serves it from /api/files/sites',
      async (_label, format, filename, declared, served) => {
        const mine = (await create({ ...valid, name: `Pictured ${format}` }, scopedA.token)).json().data;
        const res = await upload(mine.id, { content: await image(format), filename, type: declared }, scopedA.token);
        expect(res.statusCode).toBe(200);
        const url: string = res.json().data.imageUrl;
        expect(url).toMatch(/^\/api\/files\/sites\/[0-9a-f-]+\.(png|jpg)$/);
        const file = await t.app.inject({ method: 'GET', url });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe(served);
        expect(file.headers['x-content-type-options']).toBe('nosniff');

        const cleared = await call(t.app, 'DELETE', `/inventory/sites/${mine.id}/image`, { token: scopedA.token });
        expect(cleared.statusCode).toBe(200);
        expect(cleared.json().data.imageUrl).toBeNull();
      },
    );

    it('refuses a file that is not a JPEG or PNG by content, keeping the old image', async () => {
      const mine = (await create({ ...valid, name: 'Not pictured' })).json().data;
      const res = await upload(
        mine.id,
        { content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'site.png', type: 'image/png' },
        t.owner.token,
      );
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('UnsupportedMediaType');
      const still = await call(t.app, 'GET', `/inventory/sites/${mine.id}`, { token: t.owner.token });
      expect(still.json().data.imageUrl).toBeNull();
    });
  });

  it('refuses to delete a partner that still has sites, listing them', async () => {
    const res = await call(t.app, 'DELETE', `/account/partners/${t.partnerB.id}`, { token: t.owner.token });
    expect(res.statusCode).toBe(422);
    const error = errorOf(res);
    expect(error.code).toBe('ReferencedByOthers');
    expect((error.data as { sites: { id: string; name: string }[] }).sites).toContainEqual({
      id: siteOfB,
      name: 'Sagrada Familia',
    });
  });
});
