import { randomUUID } from 'node:crypto';
import { assetLifeCycleStates, assetTurnoverStates } from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { assetCategories, assetProperties, assets, sites } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import * as repo from './asset-query.repo.ts';

type TestUser = Awaited<ReturnType<TestContext['userWith']>>;
type Row = typeof assets.$inferInsert & { id: string; no: string; createdAt: Date; updatedAt: Date };
type Page = { data: { no: string; id: string }[]; count: number; countIsEstimate: boolean };

const usageModes = ['customer-rental', 'partner-subscription', 'non-leasable'] as const;
const BASE = Date.parse('2026-01-01T00:00:00Z');
const minutes = (n: number) => new Date(BASE + n * 60_000);

describe('asset query API', () => {
  let t: TestContext;
  let scopedA: TestUser;
  let noRead: TestUser;
  const cat = { base: '', iot: '', disabled: '' };
  const prop = { gears: '', color: '', bought: '', serviced: '', helmet: '', weight: '', iotFirmware: '' };
  const site = { a1: '', a2: '', b1: '' };
  const fixture: Row[] = [];

  const query = (body: unknown, token = t.owner.token, path = '/asset/assets/$query') =>
    call(t.app, 'POST', path, { token, body });
  async function nos(body: Record<string, unknown>, token = t.owner.token): Promise<string[]> {
    const res = await query({ pageSize: 100, ...body }, token);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<Page>();
    expect(page.count).toBe(page.data.length);
    return page.data.map((a) => a.no).sort();
  }
  const expected = (keep: (r: Row, i: number) => boolean, rows = fixture) =>
    rows
      .filter(keep)
      .map((r) => r.no)
      .sort();

  async function fields(body: unknown) {
    const res = await query(body);
    expect(res.statusCode, res.body).toBe(400);
    const err = errorOf(res);
    expect(err.code).toBe('ValidationError');
    return (err.data as { fields: Record<string, string> }).fields;
  }

  beforeAll(async () => {
    t = await createTestContext();
    const { db } = t.database;
    cat.base = randomUUID();
    cat.iot = randomUUID();
    cat.disabled = randomUUID();
    await db.insert(assetCategories).values([
      { id: cat.base, name: 'City e-bike', assetType: 'EBIKE' },
      { id: cat.iot, name: 'Connected scooter', assetType: 'ESCOOTER', isIot: true },
      { id: cat.disabled, name: 'Old bikes', assetType: 'BIKE', isEnabled: false },
    ]);
    const props: [keyof typeof prop, string, string][] = [
      ['gears', 'Gears', 'INTEGER'],
      ['weight', 'Weight', 'NUMBER'],
      ['color', 'Color', 'TEXT'],
      ['bought', 'Bought on', 'DATE'],
      ['serviced', 'Last service', 'DATE_TIME'],
      ['helmet', 'Helmet box', 'BOOLEAN'],
    ];
    for (const [key, name, valueType] of props) {
      prop[key] = randomUUID();
      await db
        .insert(assetProperties)
        .values({ id: prop[key], categoryId: cat.base, name, valueType, updateMethod: 'MANUAL' });
    }
    prop.iotFirmware = randomUUID();
    await db.insert(assetProperties).values({
      id: prop.iotFirmware,
      categoryId: cat.iot,
      name: 'Firmware',
      valueType: 'TEXT',
      updateMethod: 'MANUAL',
    });
    site.a1 = randomUUID();
    site.a2 = randomUUID();
    site.b1 = randomUUID();
    await db.insert(sites).values([
      { id: site.a1, partnerId: t.partnerA.id, name: 'Duomo', type: 'station', city: 'Milano' },
      { id: site.a2, partnerId: t.partnerA.id, name: 'Brera', type: 'station', city: 'Milano' },
      { id: site.b1, partnerId: t.partnerB.id, name: 'Sagrada', type: 'station', city: 'Barcelona' },
    ]);

    for (let i = 0; i < 50; i++) {
      const partnerId = i % 2 === 0 ? t.partnerA.id : t.partnerB.id;
      const categoryId = i % 10 === 9 ? cat.disabled : i % 5 === 0 ? cat.iot : cat.base;
      const siteId =
        i % 2 === 0 ? (i % 4 === 0 ? site.a1 : i % 8 === 2 ? site.a2 : null) : i % 3 === 0 ? site.b1 : null;
      const iot = i % 5 === 0;
      const notes = ['Battery 100% ok', 'battery 100x ok', 'needs_fix', 'needsXfix'];
      fixture.push({
        id: randomUUID(),
        // Q0000…Q0049, and a few shorter numbers the serial range must skip.
        no: i >= 45 ? `Q${i}` : `Q${String(i).padStart(4, '0')}`,
        partnerId,
        categoryId,
        siteId,
        lifeCycleState: assetLifeCycleStates[i % 7],
        turnoverState: assetTurnoverStates[i % 4],
        usageMode: usageModes[i % 3] as string,
        note: notes[i % 6] ?? null,
        properties:
          categoryId === cat.base
            ? {
                [prop.gears]: i,
                [prop.weight]: 20 + i / 4,
                [prop.color]: i % 2 ? 'Red' : 'Blue metallic',
                [prop.bought]: `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
                [prop.serviced]: new Date(BASE + i * 3_600_000).toISOString().replace('Z', '+00:00'),
                [prop.helmet]: i % 3 === 0,
              }
            : categoryId === cat.iot
              ? { [prop.iotFirmware]: `v${i}` }
              : {},
        iotDeviceNo: iot ? `DEV${i}` : null,
        iotVendor: iot ? 'tbox' : null,
        chargePct: iot ? i * 3 - 10 : null,
        iotBatteryVoltageMilli: iot ? 3000 + i * 20 : null,
        iotLastUpdateTime: iot ? minutes(i * 60) : null,
        latitude: i % 7 === 6 ? null : 45 + (i % 10) * 0.01,
        longitude: i % 7 === 6 ? null : 9 + Math.floor(i / 10) * 0.01,
        // Two assets share a creation time: the id decides between them.
        createdAt: minutes(i === 11 ? 10 : i),
        updatedAt: minutes(100 - i),
      });
    }
    await db.insert(assets).values(fixture);
    scopedA = await t.userWith(['asset.read'], [t.partnerA.id]);
    noRead = await t.userWith(['site.read']);
  });
  afterAll(() => t.close());

  it('answers page 1 of 10 by default, newest first with the id as tie-breaker, and the exact count', async () => {
    const res = await query({});
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<Page>();
    expect(page.count).toBe(50);
    expect(page.countIsEstimate).toBe(false);
    const order = [...fixture].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    );
    expect(page.data.map((a) => a.no)).toEqual(order.slice(0, 10).map((r) => r.no));
    const all = await query({ pageSize: 100 });
    expect(all.json<Page>().data.map((a) => a.no)).toEqual(order.map((r) => r.no));
    const second = await query({ pageNo: 2, pageSize: 20 });
    expect(second.json<Page>().data.map((a) => a.no)).toEqual(order.slice(20, 40).map((r) => r.no));
    const beyond = await query({ pageNo: 9 });
    expect(beyond.json<Page>()).toMatchObject({ data: [], count: 50 });
  });

  it('returns whole assets with partner, category, site, property values and IoT state', async () => {
    const row = fixture[4] as Row;
    const res = await query({ noIn: [row.no] });
    const [a] = res.json<{ data: Record<string, unknown>[] }>().data;
    expect(a).toMatchObject({
      no: row.no,
      partner: { id: t.partnerA.id, name: 'Partner A' },
      category: { id: cat.base, name: 'City e-bike' },
      site: { id: site.a1, name: 'Duomo' },
      lifeCycleState: row.lifeCycleState,
      note: row.note,
    });
    const values = ((a as Record<string, unknown>).properties as { property: { id: string }; value: unknown }[]).map(
      (p) => [p.property.id, p.value],
    );
    expect(Object.fromEntries(values)).toMatchObject({ [prop.gears]: 4, [prop.color]: 'Blue metallic' });
  });

  it('applies each filter alone', async () => {
    const cases: [string, Record<string, unknown>, (r: Row, i: number) => boolean][] = [
      ['noIn', { noIn: ['Q0003', 'Q0017', 'NOPE1'] }, (r) => ['Q0003', 'Q0017'].includes(r.no)],
      ['categoryIdIn', { categoryIdIn: [cat.iot] }, (r) => r.categoryId === cat.iot],
      ['siteIdIn', { siteIdIn: [site.a2, site.b1] }, (r) => r.siteId === site.a2 || r.siteId === site.b1],
      ['partnerIdIn', { partnerIdIn: [t.partnerB.id] }, (r) => r.partnerId === t.partnerB.id],
      [
        'lifeCycleIn',
        { lifeCycleIn: ['Ready', 'Missing'] },
        (r) => ['Ready', 'Missing'].includes(r.lifeCycleState as string),
      ],
      ['usageModeIn', { usageModeIn: ['non-leasable'] }, (r) => r.usageMode === 'non-leasable'],
      ['havingCategoryDisabled true', { havingCategoryDisabled: true }, (r) => r.categoryId === cat.disabled],
      ['havingCategoryDisabled false', { havingCategoryDisabled: false }, (r) => r.categoryId !== cat.disabled],
      ['hasIot true', { hasIot: true }, (r) => r.iotDeviceNo !== null],
      ['hasIot false', { hasIot: false }, (r) => r.iotDeviceNo === null],
      ['renting order true', { havingRentingOngoingOrder: true }, () => false],
      ['renting order false', { havingRentingOngoingOrder: false }, () => true],
      ['subscription order true', { havingSubscriptionOngoingOrder: true }, () => false],
      ['subscription order false', { havingSubscriptionOngoingOrder: false }, () => true],
      ['noteLike plain', { noteLike: 'BATTERY' }, (r) => (r.note ?? '').toLowerCase().includes('battery')],
      ['noteLike %', { noteLike: '100%' }, (r) => r.note === 'Battery 100% ok'],
      ['noteLike _', { noteLike: 'needs_' }, (r) => r.note === 'needs_fix'],
      ['noteLike backslash', { noteLike: '\\%' }, () => false],
      ['serial range', { filters: { noFrom: 'Q0010', noTo: 'Q0044' } }, (_r, i) => i >= 10 && i <= 44],
      ['serial range over short nos', { filters: { noFrom: 'Q40', noTo: 'Q49' } }, (_r, i) => i >= 45],
      ['charge gte', { iotState: { chargePct: { op: 'gte', value: 50 } } }, (r) => (r.chargePct ?? -1e9) >= 50],
      [
        'charge lt',
        { iotState: { chargePct: { op: 'lt', value: 50 } } },
        (r) => r.chargePct != null && r.chargePct < 50,
      ],
      [
        'voltage gte (millivolts)',
        { iotState: { iotBatteryVoltageMilli: { op: 'gte', value: 3600.0000000000005 } } },
        (r) => (r.iotBatteryVoltageMilli ?? 0) >= 3600.0000000000005,
      ],
      ['has charge', { iotState: { hasChargePct: true } }, (r) => r.chargePct != null],
      ['has no charge', { iotState: { hasChargePct: false } }, (r) => r.chargePct == null],
      [
        'invalid charge',
        { iotState: { invalidChargePct: true } },
        (r) => r.chargePct != null && (r.chargePct < 0 || r.chargePct > 100),
      ],
      [
        'valid charge',
        { iotState: { invalidChargePct: false } },
        (r) => !(r.chargePct != null && (r.chargePct < 0 || r.chargePct > 100)),
      ],
      [
        'last update range, end excluded',
        { iotState: { lastUpdateFrom: minutes(600).toISOString(), lastUpdateTo: minutes(2100).toISOString() } },
        (r) =>
          r.iotLastUpdateTime != null && r.iotLastUpdateTime >= minutes(600) && r.iotLastUpdateTime < minutes(2100),
      ],
      ['property eq integer', { properties: [{ propertyId: prop.gears, op: 'eq', value: 7 }] }, (_r, i) => i === 7],
      [
        'property eq boolean',
        { properties: [{ propertyId: prop.helmet, op: 'eq', value: true }] },
        (r, i) => r.categoryId === cat.base && i % 3 === 0,
      ],
      [
        'property gte integer',
        { properties: [{ propertyId: prop.gears, op: 'gte', value: 30 }] },
        (r, i) => r.categoryId === cat.base && i >= 30,
      ],
      [
        'property lt number',
        { properties: [{ propertyId: prop.weight, op: 'lt', value: 22.5 }] },
        (r, i) => r.categoryId === cat.base && 20 + i / 4 < 22.5,
      ],
      [
        'property contains text',
        { properties: [{ propertyId: prop.color, op: 'contains', value: 'METAL' }] },
        (r, i) => r.categoryId === cat.base && i % 2 === 0,
      ],
      [
        'property eq text',
        { properties: [{ propertyId: prop.color, op: 'eq', value: 'Red' }] },
        (r, i) => r.categoryId === cat.base && i % 2 === 1,
      ],
      [
        'property date range',
        {
          properties: [
            { propertyId: prop.bought, op: 'gte', value: '2024-01-05' },
            { propertyId: prop.bought, op: 'lt', value: '2024-01-10' },
          ],
        },
        (r, i) => r.categoryId === cat.base && (i % 28) + 1 >= 5 && (i % 28) + 1 < 10,
      ],
      [
        'property date-time with another offset',
        { properties: [{ propertyId: prop.serviced, op: 'lt', value: '2026-01-01T12:00:00+02:00' }] },
        // 12:00+02:00 is 10:00Z: services at hours 0..9.
        (r, i) => r.categoryId === cat.base && i < 10,
      ],
    ];
    for (const [name, body, keep] of cases) {
      const want = expected(keep);
      expect(await nos(body), name).toEqual(want);
    }
    // The fixture must make each case meaningful: neither nothing nor everything, unless meant to.
    expect(expected((_r, i) => i >= 45).length).toBe(5);
  });

  it('finds assets inside a GeoJSON polygon, minus its holes, and never those without a position', async () => {
    // Latitudes 45.00…45.09, longitudes 9.00…9.04; no fixture point lies on an edge.
    const square = [
      [8.995, 44.995],
      [9.025, 44.995],
      [9.025, 45.055],
      [8.995, 45.055],
      [8.995, 44.995],
    ];
    const inSquare = (r: Row) =>
      r.latitude != null && r.longitude != null && r.longitude < 9.025 && r.latitude < 45.055;
    expect(await nos({ geometry: { type: 'Polygon', coordinates: [square] } })).toEqual(expected(inSquare));
    const triangle = [
      [8.995, 44.995],
      [9.05, 44.995],
      [8.995, 45.05],
      [8.995, 44.995],
    ];
    const inTriangle = (r: Row) =>
      r.latitude != null && r.longitude != null && r.latitude - 44.995 + (r.longitude - 8.995) < 0.055;
    expect(await nos({ geometry: { type: 'Polygon', coordinates: [triangle] } })).toEqual(expected(inTriangle));
    const hole = [
      [9.005, 45.005],
      [9.015, 45.005],
      [9.015, 45.025],
      [9.005, 45.025],
      [9.005, 45.005],
    ];
    const inHole = (r: Row) =>
      r.latitude != null &&
      r.longitude != null &&
      r.longitude > 9.005 &&
      r.longitude < 9.015 &&
      r.latitude > 45.005 &&
      r.latitude < 45.025;
    const withHole = await nos({ geometry: { type: 'Polygon', coordinates: [square, hole] } });
    expect(withHole).toEqual(expected((r) => inSquare(r) && !inHole(r)));
    expect(expected(inHole).length).toBeGreaterThan(0);
    expect(expected((r) => r.latitude == null).length).toBeGreaterThan(0);
  });

  it('combines filters (all must hold)', async () => {
    const body = {
      partnerIdIn: [t.partnerA.id],
      lifeCycleIn: ['New', 'Ready', 'NotReady', 'Missing'],
      categoryIdIn: [cat.base, cat.iot],
      filters: { noFrom: 'Q0000', noTo: 'Q0039' },
      havingCategoryDisabled: false,
      properties: [{ propertyId: prop.gears, op: 'gte', value: 4 }],
    };
    const want = expected(
      (r, i) =>
        r.partnerId === t.partnerA.id &&
        ['New', 'Ready', 'NotReady', 'Missing'].includes(r.lifeCycleState as string) &&
        r.categoryId === cat.base &&
        i <= 39 &&
        i >= 4,
    );
    expect(want.length).toBeGreaterThan(2);
    expect(await nos(body)).toEqual(want);
    const iotWant = expected(
      (r) =>
        r.partnerId === t.partnerA.id && r.iotDeviceNo !== null && (r.chargePct ?? 0) >= 20 && r.siteId === site.a1,
    );
    expect(iotWant.length).toBeGreaterThan(0);
    expect(
      await nos({
        partnerIdIn: [t.partnerA.id],
        hasIot: true,
        siteIdIn: [site.a1],
        iotState: { chargePct: { op: 'gte', value: 20 }, hasChargePct: true },
      }),
    ).toEqual(iotWant);
  });

  it('sorts by the requested keys, then createTime desc, then the id', async () => {
    const sorted = async (sort: string[]) =>
      (await query({ pageSize: 100, sort }, t.owner.token)).json<Page>().data.map((a) => a.no);
    const byNo = await sorted(['no:desc']);
    expect(byNo).toEqual([...fixture].map((r) => r.no).sort((a, b) => (a < b ? 1 : -1)));

    const byState = await sorted(['lifeCycleState:asc']);
    const stateOrder = [...fixture].sort(
      (a, b) =>
        (a.lifeCycleState as string).localeCompare(b.lifeCycleState as string, 'en') ||
        b.createdAt.getTime() - a.createdAt.getTime() ||
        (a.id < b.id ? 1 : -1),
    );
    expect(byState).toEqual(stateOrder.map((r) => r.no));

    const oldest = await sorted(['createTime:asc']);
    const asc = [...fixture].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    expect(oldest).toEqual(asc.map((r) => r.no));

    const byUpdate = await sorted(['updateTime:asc']);
    expect(byUpdate).toEqual([...fixture].reverse().map((r) => r.no));
  });

  it('pages by keyset: the cursor walk and the pageNo-only walk match OFFSET pages, for every sort', async () => {
    type CursorPage = Page & { cursor: string | null };
    const sorts = [
      [],
      ['no:asc'],
      ['lifeCycleState:asc', 'createTime:asc'],
      ['updateTime:desc'],
      ['lifeCycleState:desc', 'no:asc'],
    ];
    for (const sort of sorts) {
      const all = (await query({ pageSize: 100, sort })).json<CursorPage>();
      expect(all.cursor).toBeNull();
      const expectedOrder = all.data.map((a) => a.no);
      // Walk with the cursor of each page (7 per page: the last page is short, the tie at minute 10 falls inside).
      let cursor: string | null = null;
      const walked: string[] = [];
      for (let pageNo = 1; pageNo <= 8; pageNo++) {
        const res = await query({ pageSize: 7, pageNo, sort, ...(cursor ? { cursor } : {}) });
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json<CursorPage>();
        walked.push(...page.data.map((a) => a.no));
        cursor = page.cursor;
        if (!cursor) break;
      }
      expect(walked, JSON.stringify(sort)).toEqual(expectedOrder);
      // A client that sends only pageNo gets the same pages (the server remembers where each ended).
      const byNo: string[] = [];
      for (let pageNo = 1; pageNo <= 8; pageNo++) {
        byNo.push(...(await query({ pageSize: 7, pageNo, sort })).json<CursorPage>().data.map((a) => a.no));
      }
      expect(byNo, JSON.stringify(sort)).toEqual(expectedOrder);
      // A direct jump (OFFSET: no page of this size was served before) lands on the same rows.
      const jump = (await query({ pageSize: 5, pageNo: 8, sort })).json<CursorPage>().data.map((a) => a.no);
      expect(jump).toEqual(expectedOrder.slice(35, 40));
    }
  });

  it('refuses a cursor made for another sort, or tampered with, with 400 on cursor', async () => {
    const first = (await query({ pageSize: 5 })).json<{ cursor: string }>();
    const other = await query({ pageSize: 5, pageNo: 2, sort: ['no:asc'], cursor: first.cursor });
    expect(other.statusCode).toBe(400);
    expect((errorOf(other).data as { fields: Record<string, string> }).fields.cursor).toMatch(/does not belong/);
    const forged = Buffer.from(JSON.stringify(["2026-01-01'; drop table assets; --", 'x'])).toString('base64url');
    for (const cursor of [forged, 'not-base64-json', Buffer.from('{"a":1}').toString('base64url')]) {
      const res = await query({ pageSize: 5, pageNo: 2, cursor });
      expect(res.statusCode, cursor).toBe(400);
    }
    expect((await query({ pageSize: 100 })).json<Page>().count).toBe(50);
  });

  it('keeps a partner-scoped user to their partners on every call', async () => {
    const mine = expected((r) => r.partnerId === t.partnerA.id);
    expect(await nos({}, scopedA.token)).toEqual(mine);
    expect(await nos({ noIn: ['Q0001', 'Q0002'] }, scopedA.token)).toEqual(['Q0002']);
    expect(await nos({ siteIdIn: [site.b1] }, scopedA.token)).toEqual([]);
    const asked = await query({ partnerIdIn: [t.partnerA.id, t.partnerB.id] }, scopedA.token);
    expect(asked.statusCode).toBe(403);
    expect(errorOf(asked).code).toBe('PartnerOutOfScope');

    const count = await query({}, scopedA.token, '/asset/query/get-count');
    expect(count.json()).toEqual({ count: mine.length, countIsEstimate: false });
    const summary = await query({}, scopedA.token, '/asset/query/get-summary');
    expect(summary.json().data.count).toBe(mine.length);
    const bySite = await query({}, scopedA.token, '/asset/site-query/get-list');
    const ids = bySite.json<{ data: { site: { id: string } | null }[] }>().data.map((d) => d.site?.id ?? null);
    expect(ids).not.toContain(site.b1);
    for (const path of ['/asset/query/get-summary', '/asset/site-query/get-list-with-summary']) {
      const refused = await query({ partnerIdIn: [t.partnerB.id] }, scopedA.token, path);
      expect(refused.statusCode, path).toBe(403);
    }
  });

  it('requires asset.read and a token on every query call', async () => {
    const paths = [
      '/asset/assets/$query',
      '/asset/query/get-list',
      '/asset/query/get-summary',
      '/asset/query/get-count',
      '/asset/site-query/get-list',
      '/asset/site-query/get-summary',
      '/asset/site-query/get-list-with-summary',
    ];
    for (const path of paths) {
      expect((await query({}, noRead.token, path)).statusCode, path).toBe(403);
      expect((await call(t.app, 'POST', path, { body: {} })).statusCode, path).toBe(401);
    }
  });

  it('documents every query call in the OpenAPI document with its body', async () => {
    const res = await call(t.app, 'GET', '/openapi.json');
    const doc = res.json<{ paths: Record<string, { post?: { requestBody?: unknown } }> }>();
    for (const path of ['/asset/assets/$query', '/asset/query/get-summary', '/asset/site-query/get-list']) {
      expect(doc.paths[path]?.post?.requestBody, path).toBeDefined();
    }
  });

  it('refuses bad filters with a message on the field', async () => {
    const ids = (n: number) => Array.from({ length: n }, () => randomUUID());
    const cases: [unknown, string, string | RegExp][] = [
      [{ lifeCycleIn: [] }, 'lifeCycleIn', 'Please select at least one item'],
      [{ lifeCycleIn: ['Lost'] }, 'lifeCycleIn.0', 'Unknown lifecycle state'],
      [{ siteIdIn: ids(101) }, 'siteIdIn', 'Up to 100 sites'],
      [{ noIn: Array.from({ length: 101 }, (_, i) => `N${i}`) }, 'noIn', 'Up to 100 asset numbers'],
      [{ noIn: ['q1'] }, 'noIn.0', 'Asset number must be capital letters and digits'],
      [{ partnerIdIn: ['x'] }, 'partnerIdIn.0', 'Must be a valid id'],
      [{ pageSize: 101 }, 'pageSize', 'At most 100 per page'],
      [{ pageNo: 0 }, 'pageNo', /./],
      [{ sort: ['name:asc'] }, 'sort.0', /^Sort must be one of createTime:asc/],
      [{ sort: ['no:asc', 'no:desc'] }, 'sort', 'Each sort field at most once'],
      [{ filters: { noFrom: 'A10', noTo: 'A100' } }, 'filters.noTo', 'From and To must have the same length'],
      [{ filters: { noFrom: 'A20', noTo: 'A10' } }, 'filters.noTo', 'From must not be after To'],
      [
        { filters: { noFrom: 'a10', noTo: 'A20' } },
        'filters.noFrom',
        'Asset number must be capital letters and digits',
      ],
      [{ filters: { noFrom: 'A10' } }, 'filters.noTo', 'This field is required'],
      [{ iotState: {} }, 'iotState', 'Set at least one IoT condition'],
      [{ iotState: { chargePct: { op: 'gte' } } }, 'iotState.chargePct.value', 'Range and operator required'],
      [{ iotState: { chargePct: { value: 5 } } }, 'iotState.chargePct.op', 'Range and operator required'],
      [{ iotState: { lastUpdateFrom: '2026-01-01T00:00:00Z' } }, 'iotState.lastUpdateTo', 'Please complete the range'],
      [
        { iotState: { lastUpdateFrom: '2026-01-02T00:00:00Z', lastUpdateTo: '2026-01-02T00:00:00Z' } },
        'iotState.lastUpdateTo',
        'End must be later than start',
      ],
      [
        { geometry: { type: 'Point', coordinates: [9, 45] } },
        'geometry.type',
        'Geometry must be a closed GeoJSON polygon',
      ],
      [
        {
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [9, 45],
                [9.1, 45],
                [9.1, 45.1],
                [9, 45.1],
              ],
            ],
          },
        },
        'geometry.coordinates.0',
        'Geometry must be a closed GeoJSON polygon',
      ],
      [{ noteLike: 'x'.repeat(101) }, 'noteLike', 'Must be at most 100 characters'],
      [{ unknownFilter: true }, 'unknownFilter', 'Unknown field'],
      [
        { properties: [{ propertyId: randomUUID(), op: 'eq', value: 1 }] },
        'properties.0.propertyId',
        'Unknown property',
      ],
    ];
    for (const [body, field, message] of cases) {
      const f = await fields(body);
      expect(f[field], `${JSON.stringify(body).slice(0, 80)} → ${JSON.stringify(f)}`).toMatch(message);
    }
    // Checks that need the property's value type.
    const typed: [unknown, string, string][] = [
      [{ propertyId: prop.gears, op: 'contains', value: 1 }, 'op', 'This operator does not apply to this property'],
      [{ propertyId: prop.helmet, op: 'gte', value: true }, 'op', 'This operator does not apply to this property'],
      [{ propertyId: prop.color, op: 'lt', value: 'Red' }, 'op', 'This operator does not apply to this property'],
      [{ propertyId: prop.gears, op: 'eq', value: '7' }, 'value', 'The value does not match the property type'],
      [
        { propertyId: prop.bought, op: 'gte', value: '2024/01/01' },
        'value',
        'The value does not match the property type',
      ],
      [
        { propertyId: prop.serviced, op: 'gte', value: 'yesterday' },
        'value',
        'The value does not match the property type',
      ],
    ];
    for (const [condition, field, message] of typed) {
      const f = await fields({ properties: [{ propertyId: prop.gears, op: 'eq', value: 1 }, condition] });
      expect(f[`properties.1.${field}`], JSON.stringify(condition)).toBe(message);
    }
  });

  it('summarises per lifecycle and turnover state with every state present', async () => {
    const res = await query({ categoryIdIn: [cat.iot] }, t.owner.token, '/asset/query/get-summary');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{ data: { count: number; lifeCycleState: object; turnoverState: object } }>();
    const rows = fixture.filter((r) => r.categoryId === cat.iot);
    expect(data.count).toBe(rows.length);
    expect(Object.keys(data.lifeCycleState).sort()).toEqual([...assetLifeCycleStates].sort());
    expect(Object.keys(data.turnoverState).sort()).toEqual([...assetTurnoverStates].sort());
    for (const s of assetLifeCycleStates) {
      expect((data.lifeCycleState as Record<string, number>)[s], s).toBe(
        rows.filter((r) => r.lifeCycleState === s).length,
      );
    }
    for (const s of assetTurnoverStates) {
      expect((data.turnoverState as Record<string, number>)[s], s).toBe(
        rows.filter((r) => r.turnoverState === s).length,
      );
    }
    const empty = await query({ noIn: ['NOPE'] }, t.owner.token, '/asset/query/get-summary');
    expect(empty.json().data).toEqual({
      count: 0,
      lifeCycleState: Object.fromEntries(assetLifeCycleStates.map((s) => [s, 0])),
      turnoverState: Object.fromEntries(assetTurnoverStates.map((s) => [s, 0])),
    });
    const list = await query({ pageSize: 3 }, t.owner.token, '/asset/query/get-list');
    expect(list.json()).toMatchObject({ count: 50, countIsEstimate: false });
    expect(list.json().data).toHaveLength(3);
  });

  it('groups by site, named sites by name and "no site" last', async () => {
    const body = { partnerIdIn: [t.partnerA.id] };
    const rows = fixture.filter((r) => r.partnerId === t.partnerA.id);
    const countAt = (id: string | null) => rows.filter((r) => r.siteId === id).length;

    const list = await query(body, t.owner.token, '/asset/site-query/get-list');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      data: [
        { site: { id: site.a2, name: 'Brera' }, count: countAt(site.a2) },
        { site: { id: site.a1, name: 'Duomo' }, count: countAt(site.a1) },
        { site: null, count: countAt(null) },
      ],
      count: 3,
    });

    const summary = await query(body, t.owner.token, '/asset/site-query/get-summary');
    const brera = summary.json().data[0];
    expect(brera.site).toEqual({ id: site.a2, name: 'Brera' });
    expect(Object.keys(brera.lifeCycleState)).toHaveLength(assetLifeCycleStates.length);
    for (const s of assetLifeCycleStates) {
      expect(brera.lifeCycleState[s]).toBe(rows.filter((r) => r.siteId === site.a2 && r.lifeCycleState === s).length);
    }

    const both = await query(body, t.owner.token, '/asset/site-query/get-list-with-summary');
    const noSite = both.json().data[2];
    expect(noSite.site).toBeNull();
    expect(noSite.count).toBe(countAt(null));
    const turnover = Object.values(noSite.turnoverState as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(turnover).toBe(countAt(null));

    const none = await query({ noIn: ['NOPE'] }, t.owner.token, '/asset/site-query/get-list');
    expect(none.json()).toEqual({ data: [], count: 0 });
  });

  it('counts exactly up to 10,000 and estimates above, flagged', async () => {
    const { db } = t.database;
    // 10,001 more assets of partner B in one statement; removed again so the other tests keep their fixture.
    await db.execute(sql`
      insert into assets (id, no, partner_id, category_id, usage_mode, life_cycle_state)
      select gen_random_uuid(), 'BULK' || lpad(g::text, 6, '0'), ${t.partnerB.id}, ${cat.base}, 'non-leasable', 'Ready'
      from generate_series(1, 10001) g`);
    await db.execute(sql`analyze assets`);
    try {
      const big = await query({ partnerIdIn: [t.partnerB.id] }, t.owner.token, '/asset/query/get-count');
      expect(big.statusCode, big.body).toBe(200);
      const counted = big.json<{ count: number; countIsEstimate: boolean }>();
      expect(counted.countIsEstimate).toBe(true);
      expect(counted.count).toBeGreaterThan(10_000);

      const page = await query({ partnerIdIn: [t.partnerB.id], pageSize: 5 });
      expect(page.json<Page>()).toMatchObject({ countIsEstimate: true });
      expect(page.json<Page>().data).toHaveLength(5);

      const small = await query(
        { filters: { noFrom: 'BULK000001', noTo: 'BULK010000' } },
        t.owner.token,
        '/asset/query/get-count',
      );
      expect(small.json()).toEqual({ count: 10_000, countIsEstimate: false });
    } finally {
      await db.execute(sql`delete from assets where no like 'BULK%'`);
    }
  });

  it('lets a block sample prove "many more than the exact limit", and counts exactly when it cannot', async () => {
    const { db } = t.database;
    // The production tuning scaled down: exact up to 100, a sample of ~20 pages, trusted at 250 or more.
    const tuning = { exactMax: 100, estimateTrustedAbove: 1_000_000, samplePages: 20, minHits: 20, trustedFactor: 2.5 };
    // 4,000 assets of partner B, one in four with 15 gears or more (spread through the table): ~1,000 matches.
    await db.execute(sql`
      insert into assets (id, no, partner_id, category_id, usage_mode, life_cycle_state, properties)
      select gen_random_uuid(), 'SMPL' || lpad(g::text, 6, '0'), ${t.partnerB.id}, ${cat.base}, 'non-leasable',
        'Ready', jsonb_build_object(${prop.gears}::text, g % 20)
      from generate_series(1, 4000) g`);
    await db.execute(sql`analyze assets`);
    try {
      const filter = (value: number) => ({
        scope: '*' as const,
        noIn: undefined,
        categoryIdIn: [cat.base],
        properties: [{ propertyId: prop.gears, kind: 'number' as const, op: 'gte' as const, value }],
      });
      // What the filter matches in the whole table: the 1,000 above and the fixture's own.
      const [exact] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from assets where category_id = ${cat.base}
          and jsonb_typeof(properties->${prop.gears}) = 'number' and (properties->>${prop.gears})::numeric >= 15`,
      );
      const n = Number(exact?.n);
      expect(n).toBeGreaterThanOrEqual(1000);

      // The sample alone proves it (a plain scan would have said "more than 100" too, so ask the sample itself).
      const sampled = await repo.sampledCount(db, repo.whereOf(filter(15)), tuning);
      expect(sampled).toBeGreaterThan(250);
      expect(sampled).toBeLessThan(3 * n);
      expect(await repo.sampledCount(db, repo.whereOf(filter(15)), { ...tuning, exactMax: n })).toBeNull();
      const many = await repo.countOf(db, filter(15), tuning);
      expect(many.countIsEstimate).toBe(true);
      // An extrapolation: near the truth, never below the exact limit + 1.
      expect(many.count).toBeGreaterThan(250);
      expect(many.count).toBeLessThan(3 * n);
      expect(repo.sampleProvesMore(19, 0.01, tuning)).toBe(false);
      expect(repo.sampleProvesMore(20, 0.08, tuning)).toBe(true);
      expect(repo.sampleProvesMore(20, 0.09, tuning)).toBe(false);

      // With the exact limit at the number of matches the sample cannot prove 2.5 times as many: the scan counts.
      expect(await repo.countOf(db, filter(15), { ...tuning, exactMax: n })).toEqual({
        count: n,
        countIsEstimate: false,
      });
    } finally {
      await db.execute(sql`delete from assets where no like 'SMPL%'`);
      await db.execute(sql`analyze assets`);
    }
  });
});
