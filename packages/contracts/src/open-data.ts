import { z } from 'zod';
import { dataOf, email, id, isoDateTime, trimmedText, url } from './common.ts';
import { endpoint } from './endpoint.ts';
import { requires } from './permissions.ts';

/**
 * Open data, GBFS half (issue 25): each partner publishes one GBFS 3.0 system, switched on in Settings → Partner →
 * Open data. The system id is the partner id; the feeds are public (no token) and carry nothing that names a
 * customer or a trip. The MDS half (agency clients, the Provider API) is in mds.ts.
 */
export const GBFS_VERSION = '3.0';

/** The feeds every published system lists in its gbfs.json, in that order. */
export const gbfsFeedNames = [
  'system_information',
  'vehicle_types',
  'vehicle_status',
  'station_information',
  'station_status',
  'geofencing_zones',
  'system_pricing_plans',
  'system_alerts',
] as const;
export type GbfsFeedName = (typeof gbfsFeedNames)[number];

/** The languages of every localized text in the feeds (the documents' languages). */
export const gbfsLanguages = ['en', 'it', 'es'] as const;

export const geofencingZoneKinds = ['operating-area', 'no-parking', 'slow'] as const;
export const geofencingZoneKind = z.enum(geofencingZoneKinds, { message: 'Zone type must be selected' });
export type GeofencingZoneKind = z.infer<typeof geofencingZoneKind>;

export const GEOFENCING_ZONES_MAX = 50;
export const GEOFENCING_ZONE_POINTS_MAX = 500;
export const GBFS_STATION_CAPACITY_MAX = 10_000;
export const SLOW_ZONE_SPEED_MAX = 60;

export const FEED_CONTACT_REQUIRED_MESSAGE = 'A feed contact e-mail is required to publish the feed';
export const SLOW_ZONE_SPEED_MESSAGE = 'A slow zone needs a speed limit between 1 and 60 km/h';
export const ZONE_POLYGON_MESSAGE = 'A zone needs between 3 and 500 points';
export const STATION_SITE_MESSAGE = 'Must be a station site of this partner';
export const STATION_CAPACITY_MESSAGE = 'Capacity must be a whole number between 0 and 10000';
export const ZONES_MAX_MESSAGE = 'At most 50 zones';
export const ZONE_SELF_INTERSECTING_MESSAGE = 'The zone outline must not cross itself';

/** [longitude, latitude], GeoJSON order. */
const point = z.tuple([
  z.number({ message: 'Longitude must be a number' }).min(-180).max(180),
  z.number({ message: 'Latitude must be a number' }).min(-90).max(90),
]);

export const geofencingZoneInput = z
  .strictObject({
    /** Kept when an existing zone is sent back; absent for a new one. */
    id: id.optional(),
    name: trimmedText(50),
    kind: geofencingZoneKind,
    maxSpeedKph: z
      .number({ message: SLOW_ZONE_SPEED_MESSAGE })
      .int({ message: SLOW_ZONE_SPEED_MESSAGE })
      .min(1, { message: SLOW_ZONE_SPEED_MESSAGE })
      .max(SLOW_ZONE_SPEED_MAX, { message: SLOW_ZONE_SPEED_MESSAGE })
      .nullable()
      .optional(),
    /** The outline, open or closed; the server closes it and orders it counter-clockwise. */
    ring: z
      .array(point)
      .min(3, { message: ZONE_POLYGON_MESSAGE })
      .max(GEOFENCING_ZONE_POINTS_MAX + 1, { message: ZONE_POLYGON_MESSAGE }),
  })
  .superRefine((zone, ctx) => {
    if (zone.kind === 'slow' && (zone.maxSpeedKph === null || zone.maxSpeedKph === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['maxSpeedKph'], message: SLOW_ZONE_SPEED_MESSAGE });
    }
  });
export type GeofencingZoneInput = z.infer<typeof geofencingZoneInput>;

const appLinks = z.strictObject({ storeUri: url, discoveryUri: z.string().trim().min(1).max(300) });

export const gbfsSettingsInput = z.strictObject({
  enabled: z.boolean(),
  feedContactEmail: z.union([email, z.literal('')]).optional(),
  /** OSM opening_hours, "24/7" by default. */
  openingHours: trimmedText(200).optional(),
  rentalApps: z
    .strictObject({ android: appLinks.nullable().optional(), ios: appLinks.nullable().optional() })
    .optional(),
  /** The partner's station sites published as GBFS stations (the others are not). */
  stations: z
    .array(
      z.strictObject({
        siteId: id,
        capacity: z
          .number({ message: STATION_CAPACITY_MESSAGE })
          .int({ message: STATION_CAPACITY_MESSAGE })
          .min(0, { message: STATION_CAPACITY_MESSAGE })
          .max(GBFS_STATION_CAPACITY_MAX, { message: STATION_CAPACITY_MESSAGE })
          .nullable(),
      }),
    )
    .max(1000),
  zones: z.array(geofencingZoneInput).max(GEOFENCING_ZONES_MAX, { message: ZONES_MAX_MESSAGE }),
});
export type GbfsSettingsInput = z.infer<typeof gbfsSettingsInput>;

export const geofencingZone = z.object({
  id,
  name: z.string(),
  kind: geofencingZoneKind,
  maxSpeedKph: z.number().int().nullable(),
  ring: z.array(z.tuple([z.number(), z.number()])),
});
export type GeofencingZone = z.infer<typeof geofencingZone>;

export const gbfsSettings = z.object({
  partnerId: id,
  /** The GBFS system_id: the partner id, stable for the life of the partner. */
  systemId: z.string(),
  enabled: z.boolean(),
  /** The system's gbfs.json (discovery) URL, as consumers are given it. */
  discoveryUrl: z.string(),
  manifestUrl: z.string(),
  feedContactEmail: z.string().nullable(),
  openingHours: z.string(),
  rentalApps: z.object({
    android: z.object({ storeUri: z.string(), discoveryUri: z.string() }).nullable(),
    ios: z.object({ storeUri: z.string(), discoveryUri: z.string() }).nullable(),
  }),
  /** Every live station site of the partner, published or not. */
  stations: z.array(
    z.object({
      siteId: id,
      name: z.string(),
      hasCoordinates: z.boolean(),
      published: z.boolean(),
      capacity: z.number().int().nullable(),
    }),
  ),
  zones: z.array(geofencingZone),
  updatedAt: isoDateTime.nullable(),
});
export type GbfsSettings = z.infer<typeof gbfsSettings>;

const partnerParams = z.strictObject({ partnerId: id });

export const gbfsSettingsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/openData/partners/:partnerId/gbfs',
    summary: "A partner's GBFS publication: switch, contact, stations, geofencing zones",
    tag: 'open data',
    requires: requires('rental_partner_config.read'),
    params: partnerParams,
    response: dataOf(gbfsSettings),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/openData/partners/:partnerId/gbfs',
    summary: "Change a partner's GBFS publication (the zones and stations sent replace the current ones)",
    tag: 'open data',
    requires: requires('rental_partner_config.write'),
    params: partnerParams,
    body: gbfsSettingsInput,
    response: dataOf(gbfsSettings),
  }),
};

/** A GBFS document as served: the standard's envelope, the data as the feed's JSON Schema defines it. */
const gbfsDocument = z.looseObject({
  last_updated: z.string(),
  ttl: z.number().int(),
  version: z.literal(GBFS_VERSION),
  data: z.looseObject({}),
});
const systemParams = z.strictObject({ systemId: z.string().max(64) });

const feedEndpoint = (name: GbfsFeedName | 'gbfs') =>
  endpoint({
    method: 'GET',
    path: `/gbfs/:systemId/${name}.json`,
    summary: `GBFS ${GBFS_VERSION} ${name} of a published system (public; ETag, Cache-Control max-age = ttl)`,
    tag: 'gbfs',
    requires: 'public',
    params: systemParams,
    response: gbfsDocument,
  });

/** The public feeds, declared for the OpenAPI document; the console never calls them. */
export const gbfsEndpoints = {
  manifest: endpoint({
    method: 'GET',
    path: '/gbfs/manifest.json',
    summary: `GBFS ${GBFS_VERSION} manifest: every published system and its discovery URL (public)`,
    tag: 'gbfs',
    requires: 'public',
    response: gbfsDocument,
  }),
  gbfs: feedEndpoint('gbfs'),
  system_information: feedEndpoint('system_information'),
  vehicle_types: feedEndpoint('vehicle_types'),
  vehicle_status: feedEndpoint('vehicle_status'),
  station_information: feedEndpoint('station_information'),
  station_status: feedEndpoint('station_status'),
  geofencing_zones: feedEndpoint('geofencing_zones'),
  system_pricing_plans: feedEndpoint('system_pricing_plans'),
  system_alerts: feedEndpoint('system_alerts'),
  /** The terms and privacy pages system_information links to: the partner's document, else the account's. */
  document: endpoint({
    method: 'GET',
    path: '/gbfs/:systemId/documents/:type',
    summary: "A published system's terms or privacy policy as a web page (public; ?lang=en|it|es)",
    tag: 'gbfs',
    requires: 'public',
    params: z.strictObject({ systemId: z.string().max(64), type: z.enum(['terms', 'privacy-policy']) }),
    query: z.object({ lang: z.enum(gbfsLanguages).optional() }),
    response: z.string(),
  }),
};
