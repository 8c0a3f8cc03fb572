import { randomUUID } from 'node:crypto';
import { MDS_MEDIA_TYPE } from '@fleetdesk/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext, type TestUser } from '../../../test/harness.ts';
import { type MdsPath, mdsValidators } from '../../../test/mds-schemas.ts';
import {
  agencyClients,
  assetCategories,
  assetEvents,
  assetPositions,
  assets,
  leases,
  orders,
  trips,
} from '../../db/schema/index.ts';
import * as customersRepo from '../customers/customers.repo.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const dayHour = (ms: number) => new Date(ms).toISOString().slice(0, 13);

type Json = Record<string, unknown> & { links?: { next: string | null } };

describe('MDS 2.0 Provider API', () => {
  let t: TestContext;
  let validators: Awaited<ReturnType<typeof mdsValidators>>;
  let partnerAdmin: TestUser; // every agency-client permission, partner A only
  let tokenA: string; // agency client reading partner A
  let tokenAll: string; // agency client reading every partner
  const ids: Record<string, string> = {};
  const tripIds: string[] = [];
  let ongoingTrip: string;
  const customerId = randomUUID();
  // The hour the trips ended in: three hours ago, so it is over whatever the clock says.
  const hourStart = Math.floor((Date.now() - 3 * HOUR) / HOUR) * HOUR;
  const hour = dayHour(hourStart);

  const mdsGet = (url: string, token: string, headers: Record<string, string> = {}) =>
    call(t.app, 'GET', `/mds${url}`, { token, headers });

  /** Calls a Provider path, checks the answer against provider.yaml (0 errors) and its media type. */
  async function valid(path: MdsPath, url: string, token = tokenA): Promise<Json> {
    const res = await mdsGet(url, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(MDS_MEDIA_TYPE);
    const body = res.json<Json>();
    const validate = validators(path);
    validate(body);
    expect(validate.errors ?? [], JSON.stringify(validate.errors?.slice(0, 3))).toEqual([]);
    return body;
  }

  /** Walks every page from `url` through the `next` links (each page validated); the items of `key`. */
  async function allPages(path: MdsPath, url: string, key: string, token = tokenA) {
    const items: Json[] = [];
    let next: string | null = url;
    let pages = 0;
    while (next) {
      const body: Json = await valid(path, next, token);
      items.push(...(body[key] as Json[]));
      const link = body.links?.next ?? null;
      next = link ? link.slice(link.indexOf('/api/mds') + '/api/mds'.length) : null;
      pages += 1;
    }
    return { items, pages };
  }

  async function mdsError(url: string, error: 'bad_param' | 'missing_param', token = tokenA) {
    const res = await mdsGet(url, token);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<Json>();
    expect(body.error).toBe(error);
    const validate = validators('/trips', '500');
    validate(body);
    expect(validate.errors ?? []).toEqual([]);
    return body;
  }

  async function createClient(body: unknown, token = t.owner.token) {
    return call(t.app, 'POST', '/mds/clients', { token, body });
  }

  beforeAll(async () => {
    t = await createTestContext();
    validators = await mdsValidators();
    const db = t.database.db;
    const [bikes, scooters, batteries] = [randomUUID(), randomUUID(), randomUUID()];
    await db.insert(assetCategories).values([
      { id: bikes, name: 'MDS bikes', assetType: 'BIKE' },
      { id: scooters, name: 'MDS scooters', assetType: 'ESCOOTER' },
      { id: batteries, name: 'MDS batteries', assetType: 'BATTERY' },
    ]);
    const asset = (no: string, partnerId: string, categoryId: string, extra: Partial<typeof assets.$inferInsert>) => {
      ids[no] = randomUUID();
      return {
        id: ids[no],
        no,
        partnerId,
        categoryId,
        lifeCycleState: 'Ready',
        usageMode: 'customer-rental',
        latitude: 45.46,
        longitude: 9.19,
        chargePct: 80,
        ...extra,
      };
    };
    await db
      .insert(assets)
      .values([
        asset('MDSA1', t.partnerA.id, scooters, {}),
        asset('MDSA2', t.partnerA.id, bikes, { tripStatus: 'Ongoing', turnoverState: 'RentingOut' }),
        asset('MDSA3', t.partnerA.id, scooters, { lifeCycleState: 'NotReady', latitude: null, longitude: null }),
        asset('MDSA4', t.partnerA.id, scooters, { turnoverState: 'Dispatching' }),
        asset('MDSB1', t.partnerB.id, bikes, {}),
        asset('MDSBAT', t.partnerA.id, batteries, {}),
      ]);

    // Finished trips ending in the hour: two of A1, one of A2, one of B1; and A2's ride still going now.
    const trip = (no: string, startMs: number, minutes: number, categoryId: string, partnerId = t.partnerA.id) => {
      const id = randomUUID();
      const assetId = ids[no] as string;
      const fixes = Array.from({ length: minutes + 1 }, (_, m) => ({
        assetId,
        recordedAt: new Date(startMs + m * MIN),
        latitude: 45.46 + m * 0.001,
        longitude: 9.19,
        velocity: m === minutes ? 0 : 15,
        chargePct: 70,
      }));
      const row = {
        id,
        assetId,
        partnerId,
        categoryId,
        status: 'finished',
        source: 'movement',
        startedAt: new Date(startMs),
        startLatitude: 45.46,
        startLongitude: 9.19,
        endedAt: new Date(startMs + minutes * MIN),
        endLatitude: 45.46 + minutes * 0.001,
        endLongitude: 9.19,
        distanceM: minutes * 111.2,
        pointCount: fixes.length,
      };
      return { row, fixes };
    };
    const rides = [
      trip('MDSA1', hourStart + 5 * MIN, 6, scooters),
      trip('MDSA1', hourStart + 30 * MIN, 4, scooters),
      trip('MDSA2', hourStart - 3 * MIN, 10, bikes),
      trip('MDSB1', hourStart + 10 * MIN, 5, bikes, t.partnerB.id),
    ];
    const going = trip('MDSA2', Date.now() - 10 * MIN, 5, bikes);
    ongoingTrip = going.row.id;
    await db.insert(trips).values([...rides.map((r) => r.row), { ...going.row, status: 'ongoing' }]);
    await db.insert(assetPositions).values([...rides.flatMap((r) => r.fixes), ...going.fixes]);
    tripIds.push(...rides.slice(0, 3).map((r) => r.row.id));

    // A rental of A1 that covered its first ride of the hour (returned before the second).
    await customersRepo.insert(db, {
      id: customerId,
      referralCode: 'MDS0001',
      passwordHash: 'x',
      phoneNo: '+393440000001',
      firstName: 'Rider',
      lastName: 'Private',
    });
    const orderId = randomUUID();
    await db.insert(orders).values({
      id: orderId,
      orderNo: `MDS${randomUUID().slice(0, 8)}`,
      customerId,
      partnerId: t.partnerA.id,
      assetCategoryId: scooters,
      status: 'Finished',
      currency: 'EUR',
    });
    await db.insert(leases).values({
      id: randomUUID(),
      orderId,
      assetId: ids.MDSA1 as string,
      customerId,
      status: 'Returned',
      startedAt: new Date(hourStart),
      returnedAt: new Date(hourStart + 20 * MIN),
    });

    const event = (no: string, type: string, atMs: number, extra: Partial<typeof assetEvents.$inferInsert> = {}) => ({
      assetId: ids[no] as string,
      partnerId: no.startsWith('MDSB') ? t.partnerB.id : t.partnerA.id,
      type,
      occurredAt: new Date(atMs),
      ...extra,
    });
    await db.insert(assetEvents).values([
      event('MDSA1', 'device-alarm', hourStart + 40 * MIN, { code: 'low-battery', latitude: 45.47, longitude: 9.2 }),
      event('MDSA1', 'device-alarm', hourStart + 41 * MIN, { code: 'tilt', latitude: 45.47, longitude: 9.2 }),
      event('MDSA4', 'user-relocation-collect', hourStart + 45 * MIN),
      event('MDSA1', 'checklist-finalized', hourStart + 50 * MIN, {
        data: { ticketId: 'T-42', lifeCycle: { from: 'NotReady', to: 'Ready' } },
      }),
      event('MDSB1', 'device-alarm', hourStart + 20 * MIN, { code: 'low-battery', latitude: 41.39, longitude: 2.17 }),
    ]);

    partnerAdmin = await t.userWith(
      ['open_data.agency_client.read', 'open_data.agency_client.create', 'open_data.agency_client.delete'],
      [t.partnerA.id],
    );
    tokenA = (await createClient({ name: 'Comune di Milano', partnerScope: [t.partnerA.id] })).json().data.token;
    tokenAll = (await createClient({ name: 'Regione', partnerScope: '*' })).json().data.token;
  });

  afterAll(async () => {
    await t.close();
  });

  describe('agency clients', () => {
    it('creates a client whose token is shown once and stored hashed', async () => {
      const res = await createClient({ name: 'Città metropolitana', partnerScope: [t.partnerA.id] });
      expect(res.statusCode, res.body).toBe(201);
      const { id, token } = res.json<{ data: { id: string; token: string } }>().data;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [row] = await t.database.db.select().from(agencyClients).where(eq(agencyClients.id, id));
      expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.tokenHash).not.toContain(token);
      const list = await call(t.app, 'GET', '/mds/clients?pageSize=100', { token: t.owner.token });
      const listed = list.json<{ data: { id: string; state: string; partners: { name: string }[] }[] }>().data;
      expect(listed[0]).toMatchObject({ id, state: 'active', partners: [{ name: 'Partner A' }] });
      expect(JSON.stringify(list.json())).not.toContain(token);
    });

    it("shows a partner user only the clients within their scope, never a '*' one", async () => {
      const list = await call(t.app, 'GET', '/mds/clients?pageSize=100', { token: partnerAdmin.token });
      expect(list.statusCode).toBe(200);
      const body = list.json<{ data: { partnerScope: unknown }[]; count: number }>();
      expect(body.data.length).toBe(body.count);
      expect(body.data.every((c) => JSON.stringify(c.partnerScope) === JSON.stringify([t.partnerA.id]))).toBe(true);
      const owners = await call(t.app, 'GET', '/mds/clients?pageSize=100', { token: t.owner.token });
      expect(owners.json<{ count: number }>().count).toBeGreaterThan(body.count);
    });

    it('refuses a scope outside the caller’s, "*" to a partner user, and a past expiry, writing nothing', async () => {
      const before = await t.database.db.$count(agencyClients);
      const outside = await createClient({ name: 'Ajuntament', partnerScope: [t.partnerB.id] }, partnerAdmin.token);
      expect(outside.statusCode).toBe(403);
      expect(errorOf(outside).code).toBe('PartnerOutOfScope');
      const all = await createClient({ name: 'Everyone', partnerScope: '*' }, partnerAdmin.token);
      expect(all.statusCode).toBe(403);
      expect(errorOf(all).code).toBe('PartnerOutOfScope');
      const past = await createClient({
        name: 'Late',
        partnerScope: [t.partnerA.id],
        expiresAt: new Date(Date.now() - MIN).toISOString(),
      });
      expect(past.statusCode).toBe(400);
      expect(errorOf(past).data).toEqual({ fields: { expiresAt: 'The expiry must be in the future' } });
      expect(await t.database.db.$count(agencyClients)).toBe(before);
    });

    it('needs the permission', async () => {
      const reader = await t.userWith(['open_data.agency_client.read']);
      const res = await createClient({ name: 'No', partnerScope: '*' }, reader.token);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('Forbidden');
    });

    it('revokes: the next call with the token is refused; another scope’s client is 404', async () => {
      const created = (await createClient({ name: 'Short-lived', partnerScope: [t.partnerA.id] })).json().data;
      expect((await mdsGet('/vehicles', created.token)).statusCode).toBe(200);
      const [used] = await t.database.db.select().from(agencyClients).where(eq(agencyClients.id, created.id));
      expect(used?.lastUsedAt).not.toBeNull();
      const everyone = (await createClient({ name: 'Wide', partnerScope: '*' })).json().data;
      const hidden = await call(t.app, 'DELETE', `/mds/clients/${everyone.id}`, { token: partnerAdmin.token });
      expect(hidden.statusCode).toBe(404);
      const revoked = await call(t.app, 'DELETE', `/mds/clients/${created.id}`, { token: partnerAdmin.token });
      expect(revoked.statusCode, revoked.body).toBe(200);
      const refused = await mdsGet('/vehicles', created.token);
      expect(refused.statusCode).toBe(401);
      expect(errorOf(refused).code).toBe('Unauthorized');
      expect((await mdsGet('/vehicles', everyone.token)).statusCode).toBe(200);
    });

    it('refuses an expired client, an unknown token and none', async () => {
      const created = (
        await createClient({
          name: 'Expiring',
          partnerScope: [t.partnerA.id],
          expiresAt: new Date(Date.now() + HOUR).toISOString(),
        })
      ).json().data;
      expect((await mdsGet('/vehicles', created.token)).statusCode).toBe(200);
      await t.database.db
        .update(agencyClients)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(agencyClients.id, created.id));
      expect((await mdsGet('/vehicles', created.token)).statusCode).toBe(401);
      expect((await mdsGet('/vehicles', 'x'.repeat(43))).statusCode).toBe(401);
      expect((await call(t.app, 'GET', '/mds/vehicles')).statusCode).toBe(401);
      // A staff session is not an agency token.
      expect((await mdsGet('/vehicles', t.owner.token)).statusCode).toBe(401);
    });
  });

  describe('vehicles', () => {
    it("lists the agency's vehicles (never another partner's, never a battery) in MDS's shape", async () => {
      const body = await valid('/vehicles', '/vehicles');
      const vehicles = body.vehicles as Json[];
      expect(vehicles.map((v) => v.vehicle_id).sort()).toEqual(['MDSA1', 'MDSA2', 'MDSA3', 'MDSA4']);
      expect(vehicles.find((v) => v.vehicle_id === 'MDSA1')).toEqual({
        device_id: ids.MDSA1,
        provider_id: t.partnerA.id,
        vehicle_id: 'MDSA1',
        vehicle_type: 'scooter_standing',
        propulsion_types: ['electric'],
      });
      expect(body).toMatchObject({ version: '2.0.0', ttl: 0, links: { next: null } });
      const all = await valid('/vehicles', '/vehicles', tokenAll);
      expect((all.vehicles as Json[]).map((v) => v.vehicle_id)).toContain('MDSB1');
    });

    it('pages through next links', async () => {
      const { items, pages } = await allPages('/vehicles', '/vehicles?limit=1', 'vehicles');
      expect(pages).toBe(4);
      expect(new Set(items.map((v) => v.device_id)).size).toBe(4);
    });

    it("answers one vehicle; another partner's is 404 like a missing one; a malformed id is bad_param", async () => {
      const body = await valid('/vehicles/{device_id}', `/vehicles/${ids.MDSA2}`);
      expect((body.vehicles as Json[])[0]).toMatchObject({ vehicle_type: 'bicycle', propulsion_types: ['human'] });
      expect((await mdsGet(`/vehicles/${ids.MDSB1}`, tokenA)).statusCode).toBe(404);
      expect((await mdsGet(`/vehicles/${randomUUID()}`, tokenA)).statusCode).toBe(404);
      await mdsError('/vehicles/MDSA1', 'bad_param');
    });

    it('answers the status of each positioned vehicle, with its trip when riding', async () => {
      const body = await valid('/vehicles/status', '/vehicles/status');
      const statuses = body.vehicles_status as { device_id: string; last_event: Json; last_telemetry: Json }[];
      // A3 has no position: MDS wants a location with every status.
      expect(statuses.map((s) => s.device_id).sort()).toEqual([ids.MDSA1, ids.MDSA2, ids.MDSA4].sort());
      const byId = new Map(statuses.map((s) => [s.device_id, s]));
      expect(byId.get(ids.MDSA1 as string)?.last_event).toMatchObject({
        vehicle_state: 'available',
        battery_percent: 80,
      });
      expect(byId.get(ids.MDSA2 as string)?.last_event).toMatchObject({
        vehicle_state: 'on_trip',
        event_types: ['trip_start'],
        trip_ids: [ongoingTrip],
      });
      expect(byId.get(ids.MDSA4 as string)?.last_event).toMatchObject({
        vehicle_state: 'removed',
        event_types: ['rebalance_pick_up'],
      });
      const paged = await allPages('/vehicles/status', '/vehicles/status?limit=2', 'vehicles_status');
      expect(paged.pages).toBe(2);
      expect(paged.items.length).toBe(3);
      const one = await valid('/vehicles/status/{device_id}', `/vehicles/status/${ids.MDSA2}`);
      expect((one.vehicles_status as Json[]).length).toBe(1);
      expect((await mdsGet(`/vehicles/status/${ids.MDSB1}`, tokenA)).statusCode).toBe(404);
      expect((await mdsGet(`/vehicles/status/${ids.MDSA3}`, tokenA)).statusCode).toBe(404);
    });
  });

  describe('trips and telemetry', () => {
    it('answers the trips that ended in an hour, with their routes, and pages them', async () => {
      const body = await valid('/trips', `/trips?end_time=${hour}`);
      const found = body.trips as Json[];
      expect(found.map((x) => x.trip_id).sort()).toEqual([...tripIds].sort());
      const first = found.find((x) => x.trip_id === tripIds[0]);
      expect(first).toMatchObject({
        provider_id: t.partnerA.id,
        device_id: ids.MDSA1,
        start_time: hourStart + 5 * MIN,
        end_time: hourStart + 11 * MIN,
        duration: 360,
        distance: 667,
      });
      // Ridden under a lease: a rider's trip, in the order's currency; the later ride had no lease.
      expect(first).toMatchObject({ trip_type: ['rider'], currency: 'EUR' });
      const second = found.find((x) => x.trip_id === tripIds[1]);
      expect(second).not.toHaveProperty('trip_type');
      expect(second).not.toHaveProperty('currency');
      // Nothing of the customer reaches the agency.
      expect(JSON.stringify(body)).not.toContain(customerId);
      expect(JSON.stringify(body)).not.toContain('Private');
      const route = first?.route as { type: string; features: { geometry: { coordinates: number[] } }[] };
      expect(route.type).toBe('FeatureCollection');
      expect(route.features.length).toBe(7);
      expect(route.features[0]?.geometry.coordinates).toEqual([9.19, 45.46]);
      const { items, pages } = await allPages('/trips', `/trips?end_time=${hour}&limit=2`, 'trips');
      expect(pages).toBe(2);
      expect(items.map((x) => x.trip_id).sort()).toEqual([...tripIds].sort());
      const everyone = await valid('/trips', `/trips?end_time=${hour}`, tokenAll);
      expect((everyone.trips as Json[]).length).toBe(4);
    });

    it('answers an empty hour with no trips, a future hour with 404, bad and missing hours in MDS errors', async () => {
      const empty = await valid('/trips', `/trips?end_time=${dayHour(hourStart - 30 * HOUR)}`);
      expect(empty.trips).toEqual([]);
      const future = await mdsGet(`/trips?end_time=${dayHour(Date.now() + 2 * HOUR)}`, tokenA);
      expect(future.statusCode).toBe(404);
      // The hour in progress is not over either.
      expect((await mdsGet(`/trips?end_time=${dayHour(Date.now())}`, tokenA)).statusCode).toBe(404);
      expect((await mdsError('/trips', 'missing_param')).error_details).toEqual(['end_time']);
      await mdsError('/trips?end_time=2024-13-01T00', 'bad_param');
      await mdsError('/trips?end_time=yesterday', 'bad_param');
      await mdsError(`/trips?end_time=${hour}&limit=0`, 'bad_param');
      await mdsError(`/trips?end_time=${hour}&cursor=bm9wZQ`, 'bad_param');
      await mdsError('/telemetry', 'missing_param');
      // A parameter given twice fails the contract's own check: still MDS's shape.
      await mdsError(`/trips?end_time=${hour}&end_time=${hour}`, 'bad_param');
      await mdsError('/events/historical?event_time=2024-01-01', 'bad_param');
    });

    it("answers an hour's telemetry, with the trip each fix was on, and pages it", async () => {
      const body = await valid('/telemetry', `/telemetry?telemetry_time=${hour}`);
      const points = body.telemetry as Json[];
      // A1: 7 + 5 fixes, A2: the 8 fixes of its ride inside the hour; B1's are another partner's.
      expect(points.length).toBe(20);
      expect(points.every((p) => Array.isArray(p.trip_ids))).toBe(true);
      expect(points.find((p) => p.device_id === ids.MDSA1)).toMatchObject({ battery_percent: 70 });
      const paged = await allPages('/telemetry', `/telemetry?telemetry_time=${hour}&limit=6`, 'telemetry');
      expect(paged.pages).toBe(4);
      expect(new Set(paged.items.map((p) => p.telemetry_id)).size).toBe(20);
      const empty = await valid('/telemetry', `/telemetry?telemetry_time=${dayHour(hourStart - 30 * HOUR)}`);
      expect(empty.telemetry).toEqual([]);
    });
  });

  describe('events', () => {
    const typesOf = (events: Json[]) =>
      events.map((e) => `${e.vehicle_state}:${(e.event_types as string[]).join(',')}`).sort();

    it("answers an hour's status changes: trips, low battery, relocation, finished work", async () => {
      const body = await valid('/events/historical', `/events/historical?event_time=${hour}`);
      const events = body.events as Json[];
      expect(typesOf(events)).toEqual(
        [
          'on_trip:trip_start',
          'available:trip_end',
          'on_trip:trip_start',
          'available:trip_end',
          'available:trip_end',
          'non_operational:battery_low',
          'removed:rebalance_pick_up',
          'available:maintenance',
        ].sort(),
      );
      expect(events.find((e) => (e.event_types as string[])[0] === 'maintenance')).toMatchObject({
        associated_ticket: 'T-42',
        device_id: ids.MDSA1,
      });
      const again = await valid('/events/historical', `/events/historical?event_time=${hour}`);
      expect((again.events as Json[]).map((e) => e.event_id)).toEqual(events.map((e) => e.event_id));
      const paged = await allPages('/events/historical', `/events/historical?event_time=${hour}&limit=3`, 'events');
      expect(paged.pages).toBe(3);
      expect(paged.items.map((e) => e.event_id)).toEqual(events.map((e) => e.event_id));
      const empty = await valid(
        '/events/historical',
        `/events/historical?event_time=${dayHour(hourStart - 30 * HOUR)}`,
      );
      expect(empty.events).toEqual([]);
      expect((await mdsGet(`/events/historical?event_time=${dayHour(Date.now() + HOUR)}`, tokenA)).statusCode).toBe(
        404,
      );
    });

    it('answers recent events between two times, paged, within two weeks', async () => {
      const url = `/events/recent?start_time=${hourStart}&end_time=${Date.now() + HOUR}`;
      const body = await valid('/events/recent', url);
      // The hour's eight, and the start of A2's ride going now.
      expect((body.events as Json[]).length).toBe(9);
      const paged = await allPages('/events/recent', `${url}&limit=4`, 'events');
      expect(paged.pages).toBe(3);
      expect(paged.items.map((e) => e.event_id)).toEqual((body.events as Json[]).map((e) => e.event_id));
      const none = await valid(
        '/events/recent',
        `/events/recent?start_time=${hourStart - 20 * HOUR}&end_time=${hourStart - 19 * HOUR}`,
      );
      expect(none.events).toEqual([]);
      expect((await mdsError('/events/recent', 'missing_param')).error_details).toEqual(['start_time', 'end_time']);
      await mdsError(`/events/recent?start_time=${hourStart}`, 'missing_param');
      await mdsError(`/events/recent?start_time=${Date.now() - 15 * 24 * HOUR}&end_time=${Date.now()}`, 'bad_param');
      await mdsError(`/events/recent?start_time=${hourStart}&end_time=${hourStart - 1}`, 'bad_param');
      await mdsError(`/events/recent?start_time=soon&end_time=${hourStart}`, 'bad_param');
    });
  });

  describe('versions', () => {
    it('answers MDS 2.0, plain JSON or anything; refuses another version with 406', async () => {
      for (const accept of [
        'application/vnd.mds+json',
        'application/vnd.mds+json;version=2.0',
        'application/vnd.mds+json; version=2.0, application/json;q=0.5',
        'application/json',
        '*/*',
      ]) {
        const res = await mdsGet('/vehicles', tokenA, { accept });
        expect(res.statusCode, accept).toBe(200);
        expect(res.headers['content-type']).toBe(MDS_MEDIA_TYPE);
      }
      for (const accept of ['application/vnd.mds+json;version=1.2', 'text/html']) {
        const res = await mdsGet('/vehicles', tokenA, { accept });
        expect(res.statusCode, accept).toBe(406);
        expect(errorOf(res).code).toBe('NotAcceptable');
      }
    });
  });
});
