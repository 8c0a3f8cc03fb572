import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { GBFS_VERSION, type GbfsFeedName, gbfsFeedNames, gbfsLanguages } from '@fleetdesk/contracts';
import type {
  GeofencingZones,
  Manifest,
  StationInformation,
  StationStatus,
  SystemAlerts,
  SystemInformation,
  SystemPricingPlans,
  VehicleTypes,
} from 'gbfs-typescript-types/v3.0/index.js';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import * as repo from './gbfs.repo.ts';

const gzip = promisify(gzipCallback);

/**
 * The GBFS 3.0 feeds of every published partner system (issue 25; docs/decisions.md "GBFS").
 *
 * Each feed document is built on demand and kept in this process for its ttl (or `cacheMaxAgeMs` when shorter),
 * one build at a time per feed: a burst of consumers costs one query. A request in the last fifth of a document's
 * life rebuilds it in the background and is answered from the current one, so while a feed is read at least once
 * per ttl no consumer waits for a build (vehicle_status at 100,000 vehicles takes ~200 ms; docs/performance.md). A rebuild whose data did not change keeps
 * the previous document, its `last_updated` and its ETag, so a consumer's conditional request still answers 304.
 * The cache is per node and bounded in age; a settings change clears every node's entries of the partner at once
 * (db/cluster-signals.ts).
 */

/** The share of a document's life after which a request refreshes it in the background. */
const REFRESH_AHEAD = 0.8;

/** Seconds a consumer may keep each feed (and this node its built document). */
export const FEED_TTL: Record<GbfsFeedName | 'gbfs' | 'manifest', number> = {
  manifest: 300,
  gbfs: 300,
  system_information: 300,
  vehicle_types: 300,
  vehicle_status: 30,
  station_information: 300,
  station_status: 30,
  geofencing_zones: 300,
  system_pricing_plans: 300,
  system_alerts: 60,
};

/**
 * What each asset type is as a GBFS vehicle. Ranges are full-charge figures for the class of vehicle (the
 * registry records no per-model range yet): an e-bike 60 km, a kick scooter 35 km, an electric moped 80 km.
 */
export const VEHICLE_KINDS: Record<
  string,
  { formFactor: 'bicycle' | 'scooter_standing' | 'moped' | 'other'; propulsion: string; maxRangeMeters?: number }
> = {
  BIKE: { formFactor: 'bicycle', propulsion: 'human' },
  EBIKE: { formFactor: 'bicycle', propulsion: 'electric_assist', maxRangeMeters: 60_000 },
  ESCOOTER: { formFactor: 'scooter_standing', propulsion: 'electric', maxRangeMeters: 35_000 },
  MOTORBIKE: { formFactor: 'moped', propulsion: 'electric', maxRangeMeters: 80_000 },
  DEFAULT: { formFactor: 'other', propulsion: 'human' },
};
const MAX_RANGE = Object.fromEntries(
  Object.entries(VEHICLE_KINDS).flatMap(([type, k]) => (k.maxRangeMeters ? [[type, k.maxRangeMeters]] : [])),
);

/** Minutes of each price unit (a month is 30 days, as billing counts it). */
const UNIT_MINUTES: Record<string, number> = { minute: 1, hour: 60, day: 1440, week: 10_080, month: 43_200 };

export interface FeedDocument {
  body: Buffer;
  etag: string;
  ttl: number;
  /** Filled on the first request that accepts gzip. */
  gzipped?: Promise<Buffer>;
}

interface Entry {
  doc: FeedDocument;
  dataHash: string;
  expiresAt: number;
  /** From then on a request starts a rebuild in the background. */
  refreshAt: number;
}

/** A localized text in every language the system declares (names are not translated: the same in each). */
const texts = (text: string) => gbfsLanguages.map((language) => ({ text, language }));

const plainText = (html: string) =>
  sanitizeHtml(html.replace(/<\/(p|h\d|li|div)>|<br\s*\/?>/gi, '$& '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

const isoSeconds = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;
const isoDate = (d: Date | string) => new Date(d).toISOString().slice(0, 10);

export interface GbfsFeeds {
  /** The document of a feed (`manifest` has no system), or undefined when the system is not published. */
  feed(systemId: string | undefined, name: GbfsFeedName | 'gbfs' | 'manifest'): Promise<FeedDocument | undefined>;
  /** A terms or privacy page of a published system, as HTML. */
  documentPage(systemId: string, type: 'terms' | 'privacy-policy', lang: string | undefined): Promise<string>;
  /** Drops this node's documents of a partner (its settings changed), or all of them. */
  forget(partnerId?: string): void;
  /** The public URLs a partner's system is reached at. */
  urls(partnerId: string): { discovery: string; manifest: string; feed: (name: string) => string };
}

export function createGbfsFeeds(deps: {
  db: Db;
  apiBaseUrl: string;
  clientLinkUrl?: string | undefined;
  cacheMaxAgeMs?: number | undefined;
  /** PostgreSQL's COPY to the client (Database.copyOut), for vehicle_status; absent on PGlite. */
  copyOut?: ((statement: string) => AsyncIterable<Buffer>) | undefined;
}): GbfsFeeds {
  const { db } = deps;
  const base = `${deps.apiBaseUrl.replace(/\/+$/, '')}/gbfs`;
  const urls = (partnerId: string) => ({
    discovery: `${base}/${partnerId}/gbfs.json`,
    manifest: `${base}/manifest.json`,
    feed: (name: string) => `${base}/${partnerId}/${name}.json`,
  });
  const cache = new Map<string, Entry>();
  const building = new Map<string, Promise<FeedDocument | undefined>>();

  /** `data` as JSON → the whole document, reusing the previous one when the data did not change. */
  function documentOf(key: string, ttl: number, data: Buffer): FeedDocument {
    const dataHash = createHash('sha256').update(data).digest('base64url');
    const previous = cache.get(key);
    const maxAge = Math.min(ttl * 1000, deps.cacheMaxAgeMs ?? Number.POSITIVE_INFINITY);
    const now = Date.now();
    if (previous && previous.dataHash === dataHash) {
      previous.expiresAt = now + maxAge;
      previous.refreshAt = now + maxAge * REFRESH_AHEAD;
      return previous.doc;
    }
    const head = `{"last_updated":"${isoSeconds(new Date())}","ttl":${ttl},"version":"${GBFS_VERSION}","data":`;
    const body = Buffer.concat([Buffer.from(head), data, Buffer.from('}')]);
    const doc: FeedDocument = { body, etag: `"${dataHash.slice(0, 32)}"`, ttl };
    cache.set(key, { doc, dataHash, expiresAt: now + maxAge, refreshAt: now + maxAge * REFRESH_AHEAD });
    return doc;
  }

  /** Builds a feed's document, once at a time per feed; undefined when the system is not published. */
  function load(
    key: string,
    systemId: string | undefined,
    name: GbfsFeedName | 'gbfs' | 'manifest',
  ): Promise<FeedDocument | undefined> {
    const promise = (async () => {
      const data = await build(systemId, name);
      if (data === undefined) {
        cache.delete(key);
        return undefined;
      }
      return documentOf(key, FEED_TTL[name], data);
    })().finally(() => building.delete(key));
    building.set(key, promise);
    return promise;
  }

  async function build(
    systemId: string | undefined,
    name: GbfsFeedName | 'gbfs' | 'manifest',
  ): Promise<Buffer | undefined> {
    if (name === 'manifest') {
      const systems = await repo.publishedSystems(db);
      const data: Manifest['data'] = {
        datasets: systems.map((s) => ({
          system_id: s.partnerId,
          versions: [{ version: GBFS_VERSION, url: urls(s.partnerId).discovery }],
        })),
      };
      return Buffer.from(JSON.stringify(data));
    }
    const system = systemId ? await repo.publishedSystem(db, systemId) : undefined;
    if (!system) return undefined;
    const data = await dataOf(system, name);
    return Buffer.isBuffer(data) ? data : Buffer.from(JSON.stringify(data));
  }

  async function dataOf(system: repo.SystemRow, name: GbfsFeedName | 'gbfs'): Promise<unknown> {
    const at = urls(system.partnerId);
    switch (name) {
      case 'gbfs':
        return { feeds: gbfsFeedNames.map((feed) => ({ name: feed, url: at.feed(feed) })) };
      case 'system_information':
        return systemInformation(system);
      case 'vehicle_types': {
        const types = await repo.vehicleTypes(db, system);
        const data: VehicleTypes['data'] = {
          vehicle_types: types.map((t) => {
            const kind = VEHICLE_KINDS[t.assetType] ?? (VEHICLE_KINDS.DEFAULT as (typeof VEHICLE_KINDS)[string]);
            return {
              vehicle_type_id: t.id,
              form_factor: kind.formFactor,
              propulsion_type: kind.propulsion as VehicleTypes['data']['vehicle_types'][number]['propulsion_type'],
              ...(kind.maxRangeMeters ? { max_range_meters: kind.maxRangeMeters } : {}),
              name: texts(t.name),
              ...(t.programId ? { default_pricing_plan_id: t.programId, pricing_plan_ids: [t.programId] } : {}),
            };
          }),
        };
        return data;
      }
      case 'vehicle_status':
        return Buffer.concat([
          Buffer.from('{"vehicles":'),
          await repo.vehicleStatusJson(db, system, MAX_RANGE, deps.copyOut),
          Buffer.from('}'),
        ]);
      case 'station_information': {
        const list = await repo.stations(db, system);
        const data: StationInformation['data'] = {
          stations: list.map((s) => ({
            station_id: s.id,
            name: texts(s.name),
            lat: s.latitude,
            lon: s.longitude,
            ...(s.address ? { address: s.address } : {}),
            ...(s.zip ? { post_code: s.zip } : {}),
            ...(s.phone ? { contact_phone: s.phone } : {}),
            ...(s.capacity !== null ? { capacity: s.capacity } : {}),
            // Vehicles are parked, not docked: any place in the station takes any type.
            is_virtual_station: s.capacity === null,
          })),
        };
        return data;
      }
      case 'station_status': {
        const list = await repo.stations(db, system);
        const data: StationStatus['data'] = {
          stations: list.map((s) => {
            const counts = Object.entries(s.counts ?? {});
            const available = counts.reduce((n, [, c]) => n + c.available, 0);
            const disabled = counts.reduce((n, [, c]) => n + c.disabled, 0);
            return {
              station_id: s.id,
              num_vehicles_available: available,
              num_vehicles_disabled: disabled,
              vehicle_types_available: counts.map(([vehicle_type_id, c]) => ({
                vehicle_type_id,
                count: c.available,
              })),
              ...(s.capacity !== null ? { num_docks_available: Math.max(0, s.capacity - available - disabled) } : {}),
              is_installed: true,
              is_renting: true,
              is_returning: true,
              last_reported: isoSeconds(new Date(s.lastReported ?? system.updatedAt)),
            };
          }),
        };
        return data;
      }
      case 'geofencing_zones':
        return geofencing(system);
      case 'system_pricing_plans': {
        const plans = await repo.pricingPlans(db, system);
        const data: SystemPricingPlans['data'] = {
          plans: plans.map((p) => {
            const rate = Number(p.unitPrice);
            return {
              plan_id: p.id,
              name: texts(p.categoryName),
              currency: p.currency,
              price: 0,
              // Customer prices include VAT (docs/decisions.md "Invoicing"): nothing is added to them.
              is_taxable: false,
              description: texts(`${rate.toFixed(2)} ${p.currency} per ${p.priceUnit}`),
              per_min_pricing: [{ start: 0, rate, interval: UNIT_MINUTES[p.priceUnit] ?? 1 }],
            };
          }),
        };
        return data;
      }
      case 'system_alerts': {
        const [notice] = await repo.documents(db, system, ['notice']);
        const alerts: SystemAlerts['data']['alerts'] = [];
        if (notice) {
          const localized = (cut?: number) =>
            gbfsLanguages.flatMap((language) => {
              const text = plainText(notice.content[language] ?? '');
              if (!text) return [];
              return [{ text: cut && text.length > cut ? `${text.slice(0, cut - 1)}…` : text, language }];
            });
          const summary = localized(120);
          if (summary.length) {
            alerts.push({
              alert_id: `notice-${system.partnerId}`,
              type: 'other',
              summary,
              description: localized(),
              last_updated: isoSeconds(new Date(notice.updatedAt)),
            });
          }
        }
        return { alerts } satisfies SystemAlerts['data'];
      }
    }
  }

  async function systemInformation(system: repo.SystemRow) {
    const docs = await repo.documents(db, system, ['terms', 'privacy-policy']);
    const docUrls = (type: string) =>
      gbfsLanguages.map((language) => ({
        text: `${base}/${system.partnerId}/documents/${type}?lang=${language}`,
        language,
      }));
    const terms = docs.find((d) => d.type === 'terms');
    const privacy = docs.find((d) => d.type === 'privacy-policy');
    const apps = system.rentalApps ?? {};
    const app = (a: { storeUri: string; discoveryUri: string } | null | undefined) =>
      a ? { store_uri: a.storeUri, discovery_uri: a.discoveryUri } : undefined;
    const rentalApps = { android: app(apps.android), ios: app(apps.ios) };
    const data: SystemInformation['data'] = {
      system_id: system.partnerId,
      languages: [...gbfsLanguages],
      name: texts(system.partnerName),
      opening_hours: system.openingHours,
      operator: texts(system.operatorName),
      feed_contact_email: system.feedContactEmail,
      timezone: system.timezone as SystemInformation['data']['timezone'],
      manifest_url: urls(system.partnerId).manifest,
      ...(system.email ? { email: system.email } : {}),
      ...(system.phone ? { phone_number: system.phone } : {}),
      ...(deps.clientLinkUrl ? { url: deps.clientLinkUrl, purchase_url: deps.clientLinkUrl } : {}),
      ...(terms ? { terms_url: docUrls('terms'), terms_last_updated: isoDate(terms.updatedAt) } : {}),
      ...(privacy ? { privacy_url: docUrls('privacy-policy'), privacy_last_updated: isoDate(privacy.updatedAt) } : {}),
      ...(rentalApps.android || rentalApps.ios
        ? {
            rental_apps: {
              ...(rentalApps.android ? { android: rentalApps.android } : {}),
              ...(rentalApps.ios ? { ios: rentalApps.ios } : {}),
            },
          }
        : {}),
    };
    return data;
  }

  async function geofencing(system: repo.SystemRow): Promise<GeofencingZones['data']> {
    const list = await repo.zones(db, system);
    // Where zones overlap the first one listed wins: the restrictions inside the area come before the area.
    const order = { 'no-parking': 0, slow: 1, 'operating-area': 2 } as Record<string, number>;
    const sorted = [...list].sort((a, b) => (order[a.kind] ?? 3) - (order[b.kind] ?? 3));
    const hasArea = list.some((z) => z.kind === 'operating-area');
    const rule = (kind: string, maxSpeedKph: number | null) =>
      kind === 'no-parking'
        ? { ride_start_allowed: false, ride_end_allowed: false, ride_through_allowed: true }
        : kind === 'slow'
          ? {
              ride_start_allowed: true,
              ride_end_allowed: true,
              ride_through_allowed: true,
              ...(maxSpeedKph ? { maximum_speed_kph: maxSpeedKph } : {}),
            }
          : { ride_start_allowed: true, ride_end_allowed: true, ride_through_allowed: true };
    return {
      geofencing_zones: {
        type: 'FeatureCollection',
        features: sorted.map((z) => ({
          type: 'Feature',
          properties: { name: texts(z.name), rules: [rule(z.kind, z.maxSpeedKph)] },
          geometry: { type: 'MultiPolygon', coordinates: [[z.ring]] },
        })),
      },
      // Outside an operating area a ride may pass but not start or end; with no area drawn, anywhere goes.
      global_rules: [
        hasArea
          ? { ride_start_allowed: false, ride_end_allowed: false, ride_through_allowed: true }
          : { ride_start_allowed: true, ride_end_allowed: true, ride_through_allowed: true },
      ],
    };
  }

  return {
    urls,
    async feed(systemId, name) {
      const key = `${systemId ?? ''}/${name}`;
      const hit = cache.get(key);
      const now = Date.now();
      if (hit && hit.expiresAt > now) {
        if (now >= hit.refreshAt && !building.has(key)) {
          // A failed background build is not retried before expiry: then a request builds and sees the error.
          load(key, systemId, name).catch(() => {
            hit.refreshAt = hit.expiresAt;
          });
        }
        return hit.doc;
      }
      return building.get(key) ?? load(key, systemId, name);
    },
    async documentPage(systemId, type, lang) {
      const system = await repo.publishedSystem(db, systemId);
      if (!system) throw notFound();
      const [doc] = await repo.documents(db, system, [type]);
      if (!doc) throw notFound();
      const language = lang && doc.content[lang as 'en'] ? (lang as 'en') : 'en';
      const title = `${system.partnerName} · ${type === 'terms' ? 'Terms' : 'Privacy policy'}`;
      const escapeHtml = (s: string) =>
        s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
      // The content was sanitised when it was saved (documents.sanitiser.ts); the page adds no script.
      return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5">${doc.content[language] ?? ''}</body></html>`;
    },
    forget(partnerId) {
      for (const key of [...cache.keys()]) {
        if (partnerId === undefined || key.startsWith(`${partnerId}/`) || key.startsWith('/manifest'))
          cache.delete(key);
      }
    },
  };
}

/** Gzip once per document, on the first request that accepts it. */
export function gzipped(doc: FeedDocument): Promise<Buffer> {
  // Level 1 on big documents: a 25 MB vehicle_status still shrinks ~8×, in a third of level 6's time.
  doc.gzipped ??= gzip(doc.body, { level: doc.body.length > 1_000_000 ? 1 : 6 });
  return doc.gzipped;
}
