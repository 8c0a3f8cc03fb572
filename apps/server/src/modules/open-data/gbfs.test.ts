import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import {
  FEED_CONTACT_REQUIRED_MESSAGE,
  gbfsFeedNames,
  SLOW_ZONE_SPEED_MESSAGE,
  STATION_SITE_MESSAGE,
  TEST_CARDS,
  ZONE_SELF_INTERSECTING_MESSAGE,
} from '@fleetdesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { gbfsErrors } from '../../../test/standards.ts';
import { insertSite } from '../../../test/workshop.ts';
import { assetCategories, assets, customerPaymentMethods, partners, sites } from '../../db/schema/index.ts';
import { seed } from '../../db/seed/builders.ts';
import { seedDemoData } from '../../db/seed/demo.ts';
import { rows } from '../../db/sql.ts';
import { secretBoxFor } from '../../lib/secret-box.ts';
import * as customersRepo from '../customers/customers.repo.ts';
import { createGbfsFeeds } from './gbfs.service.ts';

/**
 * GBFS 3.0 (issue 25): every feed of every published demo system, an empty system, one with stations only and a
 * unicode name, validated against the standard's own JSON Schemas; privacy (rented vehicles leave the feed, their
 * id rotates, no customer data anywhere); HTTP caching; the partner's open-data settings and their refusals.
 */
describe('GBFS feeds', () => {
  let t: TestContext;
  let milano: string;
  let seoul: string;
  let cityEbike: string;
  const LIMIT = 400;

  beforeAll(async () => {
    t = await createTestContext({
      GBFS_CACHE_MAX_AGE_MS: '0',
      GBFS_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      PUBLIC_URL: 'https://fleet.example.com',
    });
    const secrets = secretBoxFor({ secretsKey: undefined, dataDir: t.dataDir });
    await t.database.db.transaction((tx) => seedDemoData(tx, { password: 'demo-password-1', secrets }));
    const all = await t.database.db.select().from(partners);
    milano = all.find((p) => p.name === 'Milano Bike Hub')?.id as string;
    seoul = all.find((p) => p.name === 'Seoul Scooter Co.')?.id as string;
    cityEbike = (await t.database.db.select().from(assetCategories).where(eq(assetCategories.name, 'City e-bike')))[0]
      ?.id as string;
    t.app.payments.jobs.start();
    t.app.renting.jobs.start();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A public GET of a feed by its absolute URL, from an address of its own so the limit test stays apart. */
  const fetchFeed = (url: string, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search, headers, remoteAddress });

  /** Every feed of a system, each validated against its schema; answers the documents by feed name. */
  async function validSystem(systemId: string) {
    const discovery = await fetchFeed(`https://fleet.example.com/api/gbfs/${systemId}/gbfs.json`);
    expect(discovery.statusCode, discovery.body).toBe(200);
    expect(gbfsErrors('gbfs', discovery.json())).toEqual([]);
    const feeds = discovery.json().data.feeds as { name: string; url: string }[];
    expect(feeds.map((f) => f.name)).toEqual([...gbfsFeedNames]);
    const docs: Record<string, { data: Record<string, unknown>; ttl: number }> = {};
    const feed = (name: string) => {
      const doc = docs[name];
      if (!doc) throw new Error(`no ${name} feed`);
      return doc.data;
    };
    for (const f of feeds) {
      expect(f.url.startsWith('https://fleet.example.com/api/gbfs/')).toBe(true);
      const res = await fetchFeed(f.url);
      expect(res.statusCode, `${f.name}: ${res.body}`).toBe(200);
      const doc = res.json();
      expect(gbfsErrors(f.name, doc), f.name).toEqual([]);
      expect(doc.version).toBe('3.0');
      expect(res.headers['cache-control']).toBe(`public, max-age=${doc.ttl}`);
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      docs[f.name] = doc;
    }
    return feed;
  }

  const settingsOf = (partnerId: string, token = t.owner.token) =>
    call(t.app, 'GET', `/openData/partners/${partnerId}/gbfs`, { token });
  const saveSettings = (partnerId: string, body: Record<string, unknown>, token = t.owner.token) =>
    call(t.app, 'PUT', `/openData/partners/${partnerId}/gbfs`, { token, body });
  const square = (lon: number, lat: number, d = 0.01): [number, number][] => [
    [lon, lat],
    [lon + d, lat],
    [lon + d, lat + d],
    [lon, lat + d],
  ];

  it('publishes the demo systems that are switched on, each feed valid against the GBFS 3.0 schemas', async () => {
    const manifest = await fetchFeed('https://fleet.example.com/api/gbfs/manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(gbfsErrors('manifest', manifest.json())).toEqual([]);
    const datasets = manifest.json().data.datasets as { system_id: string; versions: { url: string }[] }[];
    // Milano and Barcelona publish; Seoul's feed is off, as every partner's starts.
    expect(datasets).toHaveLength(2);
    expect(datasets.map((d) => d.system_id)).toContain(milano);
    expect(datasets.map((d) => d.system_id)).not.toContain(seoul);
    for (const d of datasets) {
      expect(d.versions).toEqual([
        { version: '3.0', url: `https://fleet.example.com/api/gbfs/${d.system_id}/gbfs.json` },
      ]);
      const docs = await validSystem(d.system_id);
      const info = docs('system_information') as { name: { text: string }[]; languages: string[] };
      expect(info.languages).toEqual(['en', 'it', 'es']);
      expect((docs('vehicle_status').vehicles as unknown[]).length).toBeGreaterThan(0);
      expect((docs('station_information').stations as unknown[]).length).toBeGreaterThan(0);
      expect((docs('geofencing_zones').geofencing_zones as { features: unknown[] }).features).toHaveLength(3);
      expect((docs('system_pricing_plans').plans as unknown[]).length).toBeGreaterThan(0);
    }
    const milanoInfo = (await validSystem(milano))('system_information');
    expect(milanoInfo).toMatchObject({
      system_id: milano,
      name: [{ text: 'Milano Bike Hub', language: 'en' }, { language: 'it' }, { language: 'es' }],
      feed_contact_email: 'opendata@milanobikehub.it',
      timezone: expect.any(String),
      terms_url: [
        { text: `https://fleet.example.com/api/gbfs/${milano}/documents/terms?lang=en`, language: 'en' },
        {},
        {},
      ],
    });
    const terms = await fetchFeed(`https://fleet.example.com/api/gbfs/${milano}/documents/terms?lang=it`);
    expect(terms.statusCode).toBe(200);
    expect(terms.headers['content-type']).toMatch(/^text\/html/);
    expect(terms.body).toContain('<html lang="it">');
    expect(terms.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('answers 404 for a system that is switched off, unknown or not an id', async () => {
    for (const id of [seoul, randomUUID(), 'not-an-id', "1' or '1'='1"]) {
      const res = await fetchFeed(`https://fleet.example.com/api/gbfs/${encodeURIComponent(id)}/vehicle_status.json`);
      expect(res.statusCode, id).toBe(404);
      expect(errorOf(res).code).toBe('NotFound');
    }
  });

  it('publishes an empty system, then one with stations only, under a unicode name', async () => {
    const name = 'Città di Düsseldorf – 東京 🚲 "quoted"';
    const partner = await seed.partner(t.database.db, { name, addressCity: 'Torino' });
    // Off until switched on; switching on needs the feed contact.
    expect((await fetchFeed(`https://fleet.example.com/api/gbfs/${partner.id}/gbfs.json`)).statusCode).toBe(404);
    const refused = await saveSettings(partner.id, { enabled: true, stations: [], zones: [] });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorOf(refused).data).toEqual({ fields: { feedContactEmail: FEED_CONTACT_REQUIRED_MESSAGE } });
    const on = await saveSettings(partner.id, {
      enabled: true,
      feedContactEmail: 'feeds@example.com',
      stations: [],
      zones: [],
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({
      enabled: true,
      systemId: partner.id,
      discoveryUrl: `https://fleet.example.com/api/gbfs/${partner.id}/gbfs.json`,
    });
    const empty = await validSystem(partner.id);
    expect(empty('vehicle_status').vehicles).toEqual([]);
    expect(empty('station_information').stations).toEqual([]);
    expect(empty('geofencing_zones')).toEqual({
      geofencing_zones: { type: 'FeatureCollection', features: [] },
      global_rules: [{ ride_start_allowed: true, ride_end_allowed: true, ride_through_allowed: true }],
    });
    expect((empty('system_information').name as { text: string }[])[0]?.text).toBe(name);

    // A station with coordinates, published with a capacity: a system of stations only.
    const site = await insertSite(t.database.db, partner.id, { type: 'station', city: 'Torino' });
    await t.database.db
      .update(sites)
      .set({ latitude: 45.07, longitude: 7.68, name: 'Stazione Porta Susa – 駅' })
      .where(eq(sites.id, site.id));
    const withStation = await saveSettings(partner.id, {
      enabled: true,
      feedContactEmail: 'feeds@example.com',
      stations: [{ siteId: site.id, capacity: 12 }],
      zones: [{ name: 'Centro storico 🏛', kind: 'operating-area', ring: square(7.6, 45.0, 0.2) }],
    });
    expect(withStation.statusCode, withStation.body).toBe(200);
    const stations = await validSystem(partner.id);
    expect(stations('station_information').stations).toEqual([
      expect.objectContaining({ station_id: site.id, capacity: 12, lat: 45.07, lon: 7.68 }),
    ]);
    expect(stations('station_status').stations).toEqual([
      expect.objectContaining({ station_id: site.id, num_vehicles_available: 0, num_docks_available: 12 }),
    ]);
    expect(stations('vehicle_status').vehicles).toEqual([]);
    // The zone is served closed and counter-clockwise; outside the area no ride may start or end.
    const zones = stations('geofencing_zones') as {
      geofencing_zones: { features: { geometry: { coordinates: number[][][][] } }[] };
      global_rules: unknown[];
    };
    const ring = zones.geofencing_zones.features[0]?.geometry.coordinates[0]?.[0] as number[][];
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual(ring[4]);
    expect(zones.global_rules).toEqual([
      { ride_start_allowed: false, ride_end_allowed: false, ride_through_allowed: true },
    ]);
  });

  it('takes a rented vehicle out of vehicle_status and gives it a new vehicle_id after the rental', async () => {
    // A Ready Milano city e-bike without a device (handed over without an unlock) on the street.
    const [template] = await t.database.db
      .select()
      .from(assets)
      .where(and(eq(assets.partnerId, milano), eq(assets.categoryId, cityEbike)))
      .limit(1);
    const id = randomUUID();
    const no = `G${id.replace(/-/g, '').slice(0, 10).toUpperCase()}`;
    await t.database.db.insert(assets).values({
      ...(template as typeof assets.$inferInsert),
      id,
      no,
      iotDeviceNo: null,
      iotVendor: null,
      lifeCycleState: 'Ready',
      turnoverState: 'InSite',
      usageMode: 'customer-rental',
      latitude: 45.4701,
      longitude: 9.1802,
      chargePct: 80,
      gbfsVehicleId: undefined,
    });
    const vehicleIdOf = async () =>
      (await t.database.db.select({ v: assets.gbfsVehicleId }).from(assets).where(eq(assets.id, id)))[0]?.v as string;
    const vehicles = async () =>
      (await fetchFeed(`https://fleet.example.com/api/gbfs/${milano}/vehicle_status.json`)).json().data.vehicles as {
        vehicle_id: string;
        lat: number;
        current_range_meters?: number;
      }[];
    const before = await vehicleIdOf();
    expect((await vehicles()).find((v) => v.vehicle_id === before)).toMatchObject({
      lat: 45.4701,
      current_range_meters: 48_000,
      current_fuel_percent: 0.8,
      is_disabled: false,
    });

    // A customer rents it through the real checkout.
    const customerId = randomUUID();
    const phoneNo = `+39333${String(Date.now()).slice(-7)}`;
    await customersRepo.insert(t.database.db, {
      id: customerId,
      referralCode: `GB${String(Date.now()).slice(-4)}`,
      passwordHash: 'x',
      phoneNo,
      firstName: 'Gbfs',
      lastName: 'Rider',
      email: 'gbfs.rider@example.com',
      emailVerifiedAt: new Date(),
    });
    await customersRepo.addMembership(t.database.db, { customerId, partnerId: milano, phoneNo, joinedAt: new Date() });
    const paymentMethodId = randomUUID();
    await t.database.db.insert(customerPaymentMethods).values({
      id: paymentMethodId,
      customerId,
      type: 'credit-card',
      brand: 'visa',
      last4: '4242',
      providerRef: TEST_CARDS.success.token,
    });
    const offer = await call(t.app, 'POST', `/renting/assets/${no}/$inspect`, {
      token: t.owner.token,
      body: { customerId },
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const plan = offer.json().data.offer.plans[0];
    const created = await call(t.app, 'POST', '/renting/orders', {
      token: t.owner.token,
      body: { customerId, assetNo: no, paymentPlanId: plan.id, paymentMethodId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const orderId = created.json().data.id as string;
    for (let i = 0; i < 300; i++) {
      const [row] = await t.database.db.select({ s: assets.turnoverState }).from(assets).where(eq(assets.id, id));
      if (row?.s === 'RentingOut') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await t.database.db.select().from(assets).where(eq(assets.id, id)))[0]?.turnoverState).toBe('RentingOut');
    expect((await vehicles()).some((v) => v.vehicle_id === before)).toBe(false);

    // Back from the rental: in the feed again, under a new id; the old one is gone for good.
    let ended = await call(t.app, 'POST', `/renting/orders/${orderId}/$end`, { token: t.owner.token, body: {} });
    for (let i = 0; ended.statusCode === 409 && errorOf(ended).code === 'Conflict' && i < 50; i++) {
      // The checkout worker may still hold the order's short lease while it issues the invoice.
      await new Promise((r) => setTimeout(r, 100));
      ended = await call(t.app, 'POST', `/renting/orders/${orderId}/$end`, { token: t.owner.token, body: {} });
    }
    expect(ended.statusCode, ended.body).toBe(200);
    const after = await vehicleIdOf();
    expect(after).not.toBe(before);
    const list = await vehicles();
    expect(list.some((v) => v.vehicle_id === after)).toBe(true);
    expect(list.some((v) => v.vehicle_id === before)).toBe(false);
  });

  it('never puts a customer, an order, a trip or an asset number in any feed', async () => {
    const bodies: string[] = [];
    const manifest = await fetchFeed('https://fleet.example.com/api/gbfs/manifest.json');
    bodies.push(manifest.body);
    for (const d of manifest.json().data.datasets as { system_id: string }[]) {
      const discovery = await fetchFeed(`https://fleet.example.com/api/gbfs/${d.system_id}/gbfs.json`);
      for (const f of discovery.json().data.feeds as { url: string }[]) bodies.push((await fetchFeed(f.url)).body);
    }
    const all = bodies.join('\n');
    const secrets = await rows<{ value: string }>(
      t.database.db,
      sql`select phone_no as value from customers union select email from customers where email is not null
          union select first_name || ' ' || last_name from customers
          union select order_no from orders union select id::text from orders union select id::text from customers
          union select id::text from trips union select no from assets union select id::text from assets`,
    );
    expect(secrets.length).toBeGreaterThan(100);
    const leaked = secrets.map((s) => s.value).filter((v) => all.includes(v));
    expect(leaked).toEqual([]);
  });

  it('answers 304 to an unchanged ETag, gzip when asked, and the same document while the data is unchanged', async () => {
    const url = `https://fleet.example.com/api/gbfs/${milano}/vehicle_status.json`;
    const first = await fetchFeed(url);
    const etag = first.headers.etag as string;
    const again = await fetchFeed(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await fetchFeed(url, { 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);
    // Rebuilt (this test's cache keeps nothing) from unchanged data: the very same bytes, last_updated included.
    expect((await fetchFeed(url)).body).toBe(first.body);
    const zipped = await fetchFeed(url, { 'accept-encoding': 'gzip, deflate' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(first.body);
    // A change of the data is a new document with a new tag.
    await t.database.db.execute(
      sql`update assets set latitude = latitude + 0.0001
           where id = (select id from assets where partner_id = ${milano}::uuid and usage_mode = 'customer-rental'
                        and life_cycle_state = 'Ready' and turnover_state = 'InSite' and latitude is not null limit 1)`,
    );
    const changed = await fetchFeed(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('rebuilds a document in the background late in its life and answers from the current one meanwhile', async () => {
    const feeds = createGbfsFeeds({
      db: t.database.db,
      apiBaseUrl: 'https://fleet.example.com/api',
      cacheMaxAgeMs: 3000,
      copyOut: t.database.copyOut?.bind(t.database),
    });
    const first = await feeds.feed(milano, 'vehicle_status');
    const builtAt = Date.now();
    const moved = await rows<{ id: string }>(
      t.database.db,
      sql`update assets set latitude = latitude + 0.0001
           where id = (select id from assets where partner_id = ${milano}::uuid and usage_mode = 'customer-rental'
                        and life_cycle_state = 'Ready' and turnover_state = 'InSite' and latitude is not null limit 1)
          returning id`,
    );
    expect(moved).toHaveLength(1);
    // Early in its life the document is answered as it is, whatever changed.
    expect(await feeds.feed(milano, 'vehicle_status')).toBe(first);
    // Past four fifths of its life (2.4 s of 3): still the current document, while a new one is built.
    await new Promise((r) => setTimeout(r, 2500 - (Date.now() - builtAt)));
    expect(await feeds.feed(milano, 'vehicle_status')).toBe(first);
    let next = first;
    while (next === first && Date.now() - builtAt < 2900) {
      await new Promise((r) => setTimeout(r, 20));
      next = await feeds.feed(milano, 'vehicle_status');
    }
    // The new document came from the background build, before the first one expired.
    expect(Date.now() - builtAt).toBeLessThan(3000);
    expect(next?.etag).not.toBe(first?.etag);
  });

  it('limits requests per address', async () => {
    const url = `https://fleet.example.com/api/gbfs/${milano}/system_alerts.json`;
    let last = 0;
    for (let i = 0; i < LIMIT + 1; i++) last = (await fetchFeed(url, {}, '10.9.9.9')).statusCode;
    expect(last).toBe(429);
    const refused = await fetchFeed(url, {}, '10.9.9.9');
    expect(errorOf(refused)).toMatchObject({
      code: 'TooManyRequests',
      data: { retryAfterSeconds: expect.any(Number) },
    });
    expect((await fetchFeed(url, {}, '10.9.9.10')).statusCode).toBe(200);
  });

  it("keeps a partner's settings to callers whose scope holds it, and refuses bad zones and sites", async () => {
    const milanoReader = await t.userWith(['rental_partner_config.read'], [milano]);
    const milanoWriter = await t.userWith(['rental_partner_config.read', 'rental_partner_config.write'], [milano]);
    const outsider = await t.userWith(['rental_partner_config.read', 'rental_partner_config.write'], [seoul]);
    const current = (await settingsOf(milano)).json().data;
    expect(current.zones).toHaveLength(3);
    expect((await settingsOf(milano, milanoReader.token)).statusCode).toBe(200);
    expect(
      (await saveSettings(milano, { enabled: false, stations: [], zones: [] }, milanoReader.token)).statusCode,
    ).toBe(403);
    const foreign = await saveSettings(milano, { enabled: false, stations: [], zones: [] }, outsider.token);
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign).code).toBe('PartnerOutOfScope');
    expect(errorOf(await settingsOf(milano, outsider.token)).code).toBe('PartnerOutOfScope');
    expect((await settingsOf(milano)).json().data).toEqual(current);

    const seoulStation = (await settingsOf(seoul)).json().data.stations[0];
    // An outline that crosses itself.
    const bowTie = {
      name: 'Bow tie',
      kind: 'no-parking',
      ring: [
        [9.1, 45.4],
        [9.2, 45.5],
        [9.2, 45.4],
        [9.1, 45.5],
      ],
    };
    const bad = await saveSettings(
      milano,
      {
        enabled: true,
        feedContactEmail: 'opendata@milanobikehub.it',
        stations: [{ siteId: seoulStation.siteId, capacity: 5 }],
        zones: [bowTie, { name: 'Too fast', kind: 'slow', ring: square(9.1, 45.4) }],
      },
      milanoWriter.token,
    );
    expect(bad.statusCode, bad.body).toBe(400);
    expect(errorOf(bad).data).toEqual({
      fields: expect.objectContaining({
        'zones.1.maxSpeedKph': SLOW_ZONE_SPEED_MESSAGE,
      }),
    });
    const badSites = await saveSettings(
      milano,
      {
        enabled: true,
        feedContactEmail: 'opendata@milanobikehub.it',
        stations: [{ siteId: seoulStation.siteId, capacity: 5 }],
        zones: [bowTie],
      },
      milanoWriter.token,
    );
    expect(badSites.statusCode, badSites.body).toBe(400);
    expect(errorOf(badSites).data).toEqual({
      fields: { 'stations.0.siteId': STATION_SITE_MESSAGE, 'zones.0.ring': ZONE_SELF_INTERSECTING_MESSAGE },
    });
    expect((await settingsOf(milano)).json().data).toEqual(current);

    // Milano's own staff switch the feed off: it is gone at once, and back when switched on again with its zones.
    // The current settings sent back as they are, the switch aside.
    const republished = (enabled: boolean) => ({
      enabled,
      feedContactEmail: current.feedContactEmail,
      openingHours: current.openingHours,
      stations: current.stations
        .filter((s: { published: boolean }) => s.published)
        .map((s: { siteId: string; capacity: number | null }) => ({ siteId: s.siteId, capacity: s.capacity })),
      zones: current.zones,
    });
    const off = await saveSettings(milano, republished(false), milanoWriter.token);
    expect(off.statusCode, off.body).toBe(200);
    expect((await fetchFeed(`https://fleet.example.com/api/gbfs/${milano}/gbfs.json`)).statusCode).toBe(404);
    const on = await saveSettings(milano, republished(true), milanoWriter.token);
    expect(on.statusCode).toBe(200);
    // Zones sent back with their ids keep them.
    expect(on.json().data.zones.map((z: { id: string }) => z.id)).toEqual(
      current.zones.map((z: { id: string }) => z.id),
    );
    expect((await fetchFeed(`https://fleet.example.com/api/gbfs/${milano}/gbfs.json`)).statusCode).toBe(200);
  });

  it('declares the feeds in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/gbfs/manifest.json',
        '/gbfs/{systemId}/vehicle_status.json',
        '/openData/partners/{partnerId}/gbfs',
      ]),
    );
  });
});
