import { randomUUID } from 'node:crypto';
import {
  ASSET_MAP_ASSETS_MAX,
  type AssetMapData,
  TOO_MANY_MAP_RESULTS,
  TOO_MANY_MAP_RESULTS_MESSAGE,
} from '@fleetdesk/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { readEvents, type SseEvent } from '../../../test/sse.ts';
import { assetCategories, assets } from '../../db/schema/index.ts';
import { ASSET_MAP_GRID_ZOOM, createMapGrid, gridFilterOf, rollUp } from './asset-map.grid.ts';
import { cells, gridCells, mapCellOf } from './asset-map.repo.ts';

type TestUser = Awaited<ReturnType<TestContext['userWith']>>;
type Row = typeof assets.$inferInsert;

const HOUR = 3_600_000;
const WORLD = { west: -180, south: -85, east: 180, north: 85 };
/** The Milano grid of partner A: 200 assets 0.001° apart, all visible at zoom 14. */
const MILANO = { west: 8.999, south: 44.999, east: 9.021, north: 45.021 };
const PILE = { lat: 41.4, lng: 2.15 };
const PILE_SIZE = ASSET_MAP_ASSETS_MAX + 100;

describe('asset map API', () => {
  let t: TestContext;
  let mapper: TestUser;
  let scopedA: TestUser;
  let noMap: TestUser;
  const fixture: Row[] = [];
  let categoryId = '';

  const map = (body: unknown, token = mapper.token) => call(t.app, 'POST', '/asset/assets/$map', { token, body });
  async function data(body: Record<string, unknown>, token = mapper.token): Promise<AssetMapData> {
    const res = await map(body, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AssetMapData }>().data;
  }
  /** Every asset a map answer accounts for: cluster members plus single assets. */
  const counted = (d: AssetMapData) => d.clusters.reduce((n, c) => n + c.count, 0) + d.assets.length;

  beforeAll(async () => {
    t = await createTestContext();
    const { db } = t.database;
    categoryId = randomUUID();
    await db.insert(assetCategories).values({ id: categoryId, name: 'City e-bike', assetType: 'EBIKE' });
    const now = Date.now();
    const base = (no: string, partnerId: string): Row => ({
      id: randomUUID(),
      no,
      partnerId,
      categoryId,
      usageMode: 'customer-rental',
      lifeCycleState: 'Ready',
    });
    for (let i = 0; i < 200; i++) {
      const kind = i % 5;
      fixture.push({
        ...base(`MA${String(i).padStart(4, '0')}`, t.partnerA.id),
        lifeCycleState: kind === 0 ? 'Missing' : kind === 4 ? 'New' : 'Ready',
        iotDeviceNo: kind === 1 || kind === 2 ? `DEVA${i}` : null,
        // A vendor left behind on an unbound asset must not offer commands.
        iotVendor: kind === 1 ? 'tbox' : kind === 2 ? 'okai' : kind === 3 ? 'tbox' : null,
        iotLastUpdateTime: kind === 1 ? new Date(now - 60_000) : kind === 2 ? new Date(now - 2 * HOUR) : null,
        alarmAt: kind === 3 ? new Date(now - HOUR) : null,
        chargePct: kind === 1 ? 80 : null,
        lockState: kind === 1 ? 'LOCKED' : null,
        latitude: 45 + (i % 20) * 0.001,
        longitude: 9 + Math.floor(i / 20) * 0.001,
      });
    }
    for (let i = 0; i < 10; i++) fixture.push(base(`MN${i}`, t.partnerA.id));
    for (let i = 0; i < 50; i++) {
      fixture.push({
        ...base(`MB${String(i).padStart(4, '0')}`, t.partnerB.id),
        latitude: 41.38 + (i % 10) * 0.002,
        longitude: 2.17 + Math.floor(i / 10) * 0.002,
      });
    }
    for (let i = 0; i < PILE_SIZE; i++) {
      fixture.push({
        ...base(`MP${String(i).padStart(5, '0')}`, t.partnerB.id),
        latitude: PILE.lat,
        longitude: PILE.lng,
      });
    }
    for (let i = 0; i < fixture.length; i += 500) await db.insert(assets).values(fixture.slice(i, i + 500));
    mapper = await t.userWith(['asset.map.basic']);
    scopedA = await t.userWith(['asset.map.basic'], [t.partnerA.id]);
    noMap = await t.userWith(['asset.read']);
    // A fresh database and 2,360 assets: generous on a busy two-core machine.
  }, 120_000);
  afterAll(() => t.close());

  const positioned = (keep: (r: Row) => boolean = () => true) =>
    fixture.filter((r) => r.latitude != null && keep(r)).length;

  it('clusters the world at low zoom: every positioned asset is counted once, per status too', async () => {
    const d = await data({ viewport: WORLD, zoom: 3 });
    expect(d.mode).toBe('clusters');
    expect(d.total).toBe(positioned());
    expect(counted(d)).toBe(d.total);
    for (const c of d.clusters) {
      expect(Object.values(c.statuses).reduce((n, v) => n + (v ?? 0), 0)).toBe(c.count);
      const [w, s, e, n] = c.bounds;
      expect(c.lng).toBeGreaterThanOrEqual(w);
      expect(c.lng).toBeLessThanOrEqual(e);
      expect(c.lat).toBeGreaterThanOrEqual(s);
      expect(c.lat).toBeLessThanOrEqual(n);
    }
    // The Milano grid at zoom 3 is one cell; its statuses are the display statuses of document 2 §4.
    const milano = d.clusters.find((c) => c.lat > 44 && c.lat < 46);
    expect(milano).toMatchObject({
      count: 200,
      statuses: { Missing: 40, Active: 40, Inactive: 40, Alarm: 40, New: 40 },
    });
  });

  it('keeps co-located assets in one cluster whose extent is a single point', async () => {
    const d = await data({ viewport: { west: 2.1, south: 41.35, east: 2.25, north: 41.45 }, zoom: 12 });
    expect(d.total).toBe(50 + PILE_SIZE);
    const pile = d.clusters.find((c) => c.count === PILE_SIZE);
    expect(pile?.bounds).toEqual([PILE.lng, PILE.lat, PILE.lng, PILE.lat]);
    expect(pile).toMatchObject({ lng: PILE.lng, lat: PILE.lat });
  });

  it('splits into finer cells as the zoom grows, with the same totals', async () => {
    const coarse = await data({ viewport: MILANO, zoom: 8 });
    const fine = await data({ viewport: MILANO, zoom: 13 });
    expect(coarse.total).toBe(200);
    expect(fine.total).toBe(200);
    expect(counted(fine)).toBe(200);
    expect(fine.clusters.length).toBeGreaterThan(coarse.clusters.length);
  });

  it('rolls the low zooms up from the shared grid into the same cells SQL groups', async () => {
    const { db } = t.database;
    const grid = await gridCells(db, '*', 10_000);
    for (const viewport of [WORLD, MILANO, { west: 170, south: -85, east: 10, north: 85 }]) {
      for (let zoom = 0; zoom <= ASSET_MAP_GRID_ZOOM; zoom++) {
        const fromGrid = rollUp(grid, { scope: '*' }, viewport, zoom);
        const fromSql = await cells(db, { scope: '*' }, viewport, zoom);
        expect(fromGrid.map((c) => [c.count, c.statuses, c.bounds, c.oneNo])).toEqual(
          fromSql.map((c) => [c.count, c.statuses, c.bounds, c.single?.no ?? null]),
        );
        fromGrid.forEach((c, i) => {
          expect(c.lng).toBeCloseTo(fromSql[i]?.lng ?? Number.NaN, 9);
          expect(c.lat).toBeCloseTo(fromSql[i]?.lat ?? Number.NaN, 9);
        });
      }
    }
    // The grid applies scope, partner and category; anything else goes to SQL.
    const onlyB = rollUp(grid, { scope: [t.partnerB.id] }, WORLD, 3);
    expect(onlyB.reduce((n, c) => n + c.count, 0)).toBe(50 + PILE_SIZE);
    expect(rollUp(grid, { scope: '*', partnerIdIn: [t.partnerA.id] }, WORLD, 3)).toEqual(
      rollUp(grid, { scope: [t.partnerA.id] }, WORLD, 3),
    );
    expect(rollUp(grid, { scope: '*', categoryIdIn: [randomUUID()] }, WORLD, 3)).toEqual([]);
    expect(gridFilterOf({ scope: '*', partnerIdIn: [t.partnerA.id], noIn: undefined })).not.toBeNull();
    const ready = rollUp(grid, { scope: '*', lifeCycleIn: ['Missing', 'New'] }, MILANO, 8);
    expect(ready.reduce((n, c) => n + c.count, 0)).toBe(80);
    expect(gridFilterOf({ scope: '*', lifeCycleIn: ['Missing'] })).not.toBeNull();
    expect(gridFilterOf({ scope: '*', hasIot: true })).toBeNull();
  });

  it('shares the grid for its maximum age, re-reads it in the background, and waits once it is too old', async () => {
    const { db } = t.database;
    let clock = 0;
    const errors: unknown[] = [];
    const grid = createMapGrid({ db, maxAgeMs: 1_000, onError: (e) => errors.push(e), now: () => clock });
    const countOf = (rows: Awaited<ReturnType<typeof grid>>) => (rows ?? []).reduce((n, c) => n + c.count, 0);
    const before = countOf(await grid());
    const extra = { ...fixture[0], id: randomUUID(), no: 'MGRID1', iotDeviceNo: null } as Row;
    await db.insert(assets).values(extra);
    try {
      clock = 999;
      expect(countOf(await grid())).toBe(before);
      // Stale: this request gets the old grid while a read starts; the next one sees it.
      clock = 1_500;
      expect(countOf(await grid())).toBe(before);
      await expect.poll(async () => countOf(await grid())).toBe(before + 1);
      // Far too old (≥ 5 × the age): the request waits for a fresh read.
      await db.delete(assets).where(eq(assets.no, 'MGRID1'));
      clock = 100_000;
      expect(countOf(await grid())).toBe(before);
      expect(errors).toEqual([]);
    } finally {
      await db.delete(assets).where(eq(assets.no, 'MGRID1'));
    }
  });

  it('numbers each position with the map cell the viewport reads compute, up to the edges of the world', async () => {
    const { db } = t.database;
    const edges = [
      [-180, 85.2],
      [179.9999999, -85.2],
      [180, 0],
      [0, 0],
      [-0.0000001, 45.0000001],
    ] as const;
    const extra = edges.map(([longitude, latitude], i) => ({
      ...fixture[0],
      id: randomUUID(),
      no: `MEDGE${i}`,
      longitude,
      latitude,
    })) as Row[];
    await db.insert(assets).values(extra);
    try {
      const found = await db
        .select({ no: assets.no, cell: assets.mapCell, lng: assets.longitude, lat: assets.latitude })
        .from(assets);
      const unpositioned = found.filter((r) => r.lng === null || r.lat === null);
      expect(unpositioned.map((r) => r.cell)).toEqual(unpositioned.map(() => null));
      const positioned = found.filter((r) => r.lng !== null && r.lat !== null);
      expect(positioned.length).toBeGreaterThanOrEqual(edges.length);
      for (const r of positioned) {
        const { x, y } = mapCellOf(r.lng as number, r.lat as number);
        expect(r.cell, r.no).toBe(y * 8192 + x);
      }
      // Across the antimeridian at the equator: the cell ranges wrap too.
      const d = await data({ viewport: { west: 179.999, south: -0.001, east: -179.999, north: 0.001 }, zoom: 16 });
      expect(d.assets.map((a) => a.no)).toEqual(['MEDGE2']);
    } finally {
      await db.delete(assets).where(like(assets.no, 'MEDGE%'));
    }
  });

  it('answers a low zoom from the grid: a lone asset comes as itself, scope and partner filter applied', async () => {
    const { db } = t.database;
    const lone = { ...fixture[0], id: randomUUID(), no: 'MSYDNEY', latitude: -33.86, longitude: 151.2 } as Row;
    await db.insert(assets).values({ ...lone, chargePct: 55 });
    try {
      const d = await data({ viewport: WORLD, zoom: 3 });
      expect(d.assets).toEqual([expect.objectContaining({ no: 'MSYDNEY', chargePct: 55, lat: -33.86, lng: 151.2 })]);
      expect(d.total).toBe(positioned() + 1);
      expect((await data({ viewport: WORLD, zoom: 3 }, scopedA.token)).total).toBe(200 + 1);
      const b = await data({ viewport: WORLD, zoom: 3, partnerIdIn: [t.partnerB.id] });
      expect(b.total).toBe(50 + PILE_SIZE);
      expect(b.assets).toEqual([]);
    } finally {
      await db.delete(assets).where(eq(assets.no, 'MSYDNEY'));
    }
  });

  it('answers single assets from zoom 14, with their display status, battery, lock and last update', async () => {
    const d = await data({ viewport: MILANO, zoom: 14 });
    expect(d.mode).toBe('assets');
    expect(d.clusters).toEqual([]);
    expect(d.total).toBe(200);
    const byNo = new Map(d.assets.map((a) => [a.no, a]));
    expect(byNo.get('MA0000')).toMatchObject({
      status: 'Missing',
      lat: 45,
      lng: 9,
      partnerId: t.partnerA.id,
      categoryId,
    });
    expect(byNo.get('MA0001')).toMatchObject({
      status: 'Active',
      chargePct: 80,
      lockState: 'LOCKED',
      iotVendor: 'tbox',
    });
    expect(byNo.get('MA0002')?.iotVendor).toBe('okai');
    expect(byNo.get('MA0003')?.iotVendor).toBeNull();
    expect(byNo.get('MA0001')?.iotLastUpdateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // Reported two hours ago: outside the one-hour online window (document 2 §9).
    expect(byNo.get('MA0002')?.status).toBe('Inactive');
    expect(byNo.get('MA0003')?.status).toBe('Alarm');
    expect(byNo.get('MA0004')?.status).toBe('New');
  });

  it('applies the asset list filters', async () => {
    const missing = await data({ viewport: WORLD, zoom: 3, lifeCycleIn: ['Missing'] });
    expect(missing.total).toBe(positioned((r) => r.lifeCycleState === 'Missing'));
    expect(missing.clusters.every((c) => Object.keys(c.statuses).join() === 'Missing')).toBe(true);
    const partnerB = await data({ viewport: WORLD, zoom: 3, partnerIdIn: [t.partnerB.id] });
    expect(partnerB.total).toBe(50 + PILE_SIZE);
    const nos = await data({ viewport: MILANO, zoom: 15, noIn: ['MA0001', 'MA0002', 'MB0001'] });
    expect(nos.assets.map((a) => a.no)).toEqual(['MA0001', 'MA0002']);
    const iot = await data({ viewport: MILANO, zoom: 14, hasIot: true });
    expect(iot.total).toBe(80);
  });

  it('keeps a partner user to their partners and refuses another partner by name', async () => {
    const d = await data({ viewport: WORLD, zoom: 3 }, scopedA.token);
    expect(d.total).toBe(200);
    const res = await map({ viewport: WORLD, zoom: 3, partnerIdIn: [t.partnerB.id] }, scopedA.token);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('PartnerOutOfScope');
  });

  it('asks to zoom in when a viewport holds more single assets than the map shows', async () => {
    const around = { west: PILE.lng - 0.01, south: PILE.lat - 0.005, east: PILE.lng + 0.01, north: PILE.lat + 0.005 };
    const res = await map({ viewport: around, zoom: 16 });
    expect(res.statusCode).toBe(422);
    const err = errorOf(res);
    expect(err.code).toBe(TOO_MANY_MAP_RESULTS);
    expect(err.message).toBe(TOO_MANY_MAP_RESULTS_MESSAGE);
    expect(err.data).toEqual({ max: ASSET_MAP_ASSETS_MAX });
    // The same place with a filter that leaves few enough is fine.
    const few = await data({ viewport: around, zoom: 16, noIn: ['MP00001', 'MP00002'] });
    expect(few.assets).toHaveLength(2);
  });

  it('crosses the antimeridian when west is east of east', async () => {
    const d = await data({ viewport: { west: 170, south: -10, east: -170, north: 10 }, zoom: 3 });
    expect(d.total).toBe(0);
    const wrapped = await data({ viewport: { west: 8, south: 44, east: -170, north: 46 }, zoom: 3 });
    expect(wrapped.total).toBe(200);
  });

  it('refuses a bad viewport or zoom with 400', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['south above north', { viewport: { ...MILANO, south: 46 }, zoom: 14 }],
      ['longitude out of range', { viewport: { ...MILANO, east: 200 }, zoom: 14 }],
      ['latitude out of range', { viewport: { ...MILANO, north: 95 }, zoom: 14 }],
      ['zoom above 22', { viewport: MILANO, zoom: 23 }],
      ['negative zoom', { viewport: MILANO, zoom: -1 }],
      ['no viewport', { zoom: 5 }],
      ['the world at zoom 13', { viewport: WORLD, zoom: 13 }],
      ['an unknown key', { viewport: MILANO, zoom: 14, pageNo: 1 }],
      ['a bad filter', { viewport: MILANO, zoom: 14, lifeCycleIn: [] }],
    ];
    for (const [name, body] of cases) {
      const res = await map(body);
      expect(res.statusCode, name).toBe(400);
      expect(errorOf(res).code, name).toBe('ValidationError');
    }
  });

  it('needs a session and asset.map.basic', async () => {
    const anonymous = await call(t.app, 'POST', '/asset/assets/$map', { body: { viewport: MILANO, zoom: 14 } });
    expect(anonymous.statusCode).toBe(401);
    const res = await map({ viewport: MILANO, zoom: 14 }, noMap.token);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('Forbidden');
    const live = await call(t.app, 'POST', '/asset/assets/$map-live', {
      token: noMap.token,
      body: { viewport: MILANO, zoom: 14 },
    });
    expect(live.statusCode).toBe(403);
  });

  it('gzips a large answer for a client that accepts it', async () => {
    const res = await call(t.app, 'POST', '/asset/assets/$map', {
      token: mapper.token,
      body: { viewport: MILANO, zoom: 14 },
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  describe('live stream', () => {
    let origin = '';
    beforeAll(async () => {
      origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    /** Reads the map's live stream until `until` says stop (or the time runs out). */
    function events(body: unknown, until: (seen: SseEvent[]) => boolean, ms = 12_000) {
      return readEvents(
        `${origin}/api/asset/assets/$map-live`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${mapper.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        until,
        ms,
      );
    }

    it('starts with a snapshot, then sends the assets that changed in the viewport', async () => {
      const body = { viewport: MILANO, zoom: 14 };
      const first = await data(body);
      const { db } = t.database;
      // Move one asset and lose another out of the viewport shortly after the stream starts.
      setTimeout(async () => {
        await db.update(assets).set({ chargePct: 12 }).where(eq(assets.no, 'MA0001'));
        await db.update(assets).set({ latitude: 10 }).where(eq(assets.no, 'MA0004'));
      }, 500);
      const stream = await events({ ...body, version: 'stale' }, (seen) => seen.some((e) => e.type === 'changes'));
      expect(stream.status).toBe(200);
      expect(stream.type).toMatch(/^text\/event-stream/);
      expect(stream.seen[0]).toMatchObject({ type: 'snapshot', data: { version: first.version, total: 200 } });
      const changes = stream.seen.find((e) => e.type === 'changes')?.data as {
        upserts: { no: string; chargePct: number }[];
        removed: string[];
        total: number;
      };
      expect(changes.upserts).toEqual([expect.objectContaining({ no: 'MA0001', chargePct: 12 })]);
      expect(changes.removed).toEqual(['MA0004']);
      expect(changes.total).toBe(199);
    }, 20_000);

    it('sends no snapshot to a client that already shows the current version', async () => {
      const body = { viewport: { west: 2.16, south: 41.37, east: 2.2, north: 41.41 }, zoom: 14 };
      const current = await data(body);
      const stream = await events({ ...body, version: current.version }, () => false, 6_500);
      expect(stream.status).toBe(200);
      expect(stream.seen).toEqual([]);
    }, 20_000);

    it('refuses a viewport with too many assets before streaming', async () => {
      const around = { west: PILE.lng - 0.01, south: PILE.lat - 0.005, east: PILE.lng + 0.01, north: PILE.lat + 0.005 };
      const stream = await events({ viewport: around, zoom: 16 }, () => true);
      expect(stream.status).toBe(422);
    });
  });
});
