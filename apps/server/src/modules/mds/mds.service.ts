import { createHash } from 'node:crypto';
import { MDS_PAGE_SIZE, MDS_PAGE_SIZE_MAX, MDS_RESPONSE_VERSION } from '@fleetdesk/contracts';
import type { Db } from '../../db/client.ts';
import { MdsParamError, notFound } from '../../errors.ts';
import { RawJson } from '../../lib/raw-json.ts';
import type { AgencyCaller } from './agency-clients.service.ts';
import * as repo from './mds.repo.ts';

// MDS 2.0 Provider answers (docs/decisions.md "MDS Provider API (issue 25)"): one mode (micromobility), each partner
// a provider (provider_id = partner id), device_id = the asset's id, vehicle_id = its number.

const HOUR_MS = 3_600_000;
/** /events/recent reaches this far back (MDS: "at most two weeks old"). */
const RECENT_MS = 14 * 24 * HOUR_MS;
/** Served live from the database: nothing is cached, so a client may ask again at once. */
const LIVE_TTL_MS = 0;

type VehicleState =
  | 'removed'
  | 'available'
  | 'non_operational'
  | 'reserved'
  | 'on_trip'
  | 'non_contactable'
  | 'missing'
  | 'elsewhere';

/** Category asset type → MDS vehicle type and propulsion. Fleetdesk's fleets are electric unless pedalled. */
const VEHICLE_KINDS: Record<string, { vehicle_type: string; propulsion_types: string[] }> = {
  BIKE: { vehicle_type: 'bicycle', propulsion_types: ['human'] },
  EBIKE: { vehicle_type: 'bicycle', propulsion_types: ['electric_assist'] },
  ESCOOTER: { vehicle_type: 'scooter_standing', propulsion_types: ['electric'] },
  MOTORBIKE: { vehicle_type: 'moped', propulsion_types: ['electric'] },
  DEFAULT: { vehicle_type: 'other', propulsion_types: ['electric'] },
};
const vehicleKind = (assetType: string) => VEHICLE_KINDS[assetType] ?? VEHICLE_KINDS.DEFAULT;

/** A vehicle's state now, from its lifecycle, turnover and trip (the status's `last_event`). */
export function currentState(r: { life_cycle_state: string; turnover_state: string; open_trip_id: string | null }): {
  state: VehicleState;
  type: string;
} {
  switch (r.life_cycle_state) {
    case 'Retired':
      return { state: 'removed', type: 'decommissioned' };
    case 'Removed':
    case 'New':
      return { state: 'removed', type: 'unspecified' };
    case 'Missing':
      return { state: 'missing', type: 'not_located' };
    case 'NotReady':
      return { state: 'non_operational', type: 'maintenance' };
    case 'Ready':
      if (r.open_trip_id) return { state: 'on_trip', type: 'trip_start' };
      if (r.turnover_state === 'Dispatching') return { state: 'removed', type: 'rebalance_pick_up' };
      if (r.turnover_state === 'RentingOut') return { state: 'reserved', type: 'reservation_start' };
      return { state: 'available', type: 'unspecified' };
    default:
      return { state: 'non_operational', type: 'unspecified' };
  }
}

/** A recorded status change → its MDS state and event type; undefined when it changed no state. */
export function eventState(r: repo.EventRow): { state: VehicleState; type: string } | undefined {
  switch (r.source) {
    case 'trip-start':
      return { state: 'on_trip', type: 'trip_start' };
    case 'trip-end':
      return { state: 'available', type: 'trip_end' };
    case 'low-battery':
      return { state: 'non_operational', type: 'battery_low' };
    case 'relocation-collect':
      return { state: 'removed', type: 'rebalance_pick_up' };
    case 'checklist-finalized':
      if (r.life_cycle_to === 'Ready') return { state: 'available', type: 'maintenance' };
      if (r.life_cycle_to === 'NotReady') return { state: 'non_operational', type: 'maintenance' };
      if (r.life_cycle_to === 'Retired') return { state: 'removed', type: 'decommissioned' };
      return undefined;
  }
}

const percent = (value: number | null) =>
  value === null ? {} : { battery_percent: Math.min(100, Math.max(0, Math.round(value))) };
const ms = (value: string | number) => Number(value);

// ---- Parameters: refused in MDS's error shape ----

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DAY_HOUR = /^(\d{4})-(\d{2})-(\d{2})T(\d{2})$/;

type Query = Record<string, unknown>;
const text = (query: Query, name: string) => {
  const value = query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

function deviceId(value: string) {
  if (!UUID.test(value)) throw new MdsParamError('bad_param', ['device_id must be a UUID']);
  return value;
}

/** An hour `YYYY-MM-DDTHH` (UTC) that is over: its start and end. A later hour is 404, as MDS asks. */
function pastHour(query: Query, name: string) {
  const value = text(query, name);
  if (value === undefined) throw new MdsParamError('missing_param', [name]);
  const m = DAY_HOUR.exec(value);
  const from = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]))) : undefined;
  if (!m || !from || from.toISOString().slice(0, 13) !== value) {
    throw new MdsParamError('bad_param', [`${name} must be an hour as YYYY-MM-DDTHH (UTC)`]);
  }
  const to = new Date(from.getTime() + HOUR_MS);
  if (to.getTime() > Date.now()) throw notFound('This hour is not over yet');
  return { from, to };
}

/** A time in milliseconds since the epoch. */
function millis(query: Query, name: string) {
  const value = text(query, name);
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/.test(value)) throw new MdsParamError('bad_param', [`${name} must be milliseconds since 1970`]);
  return Number(value);
}

function pageSize(query: Query) {
  const value = text(query, 'limit');
  if (value === undefined) return MDS_PAGE_SIZE;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MDS_PAGE_SIZE_MAX) {
    throw new MdsParamError('bad_param', [`limit must be an integer from 1 to ${MDS_PAGE_SIZE_MAX}`]);
  }
  return n;
}

/** The keyset position a `cursor` of one of our `next` links carries. */
function cursorOf<T>(query: Query, valid: (value: unknown) => value is T): T | undefined {
  const value = text(query, 'cursor');
  if (value === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (!valid(parsed)) throw new MdsParamError('bad_param', ['cursor is not one this API gave out']);
  return parsed;
}
const encodeCursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const isId = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);
const isTimeKey = (v: unknown): v is repo.TimeKey =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as repo.TimeKey).at === 'string' &&
  !Number.isNaN(Date.parse((v as repo.TimeKey).at)) &&
  isId((v as repo.TimeKey).id);

/** Builds the absolute URL of the next page from its cursor (the route knows the request's address). */
export type NextLink = (cursor: string) => string;

/**
 * Reads one page as the query asks (its `limit` and `cursor`): one row more than it answers, to know whether a
 * next page exists, and the link to it, whose cursor is the last row's key.
 */
async function readPage<R, K>(
  query: Query,
  isKey: (value: unknown) => value is K,
  read: (q: { after: K | undefined; limit: number }) => Promise<R[]>,
  keyOf: (row: R) => K,
  next: NextLink,
) {
  const limit = pageSize(query);
  const found = await read({ after: cursorOf(query, isKey), limit: limit + 1 });
  const items = found.slice(0, limit);
  const last = items.at(-1);
  return { items, links: { next: found.length > limit && last ? next(encodeCursor(keyOf(last))) : null } };
}

/** The one row a by-device read found, or 404: another partner's device is answered as a missing one. */
function found<R>(rows: R[]): R {
  const [row] = rows;
  if (!row) throw notFound();
  return row;
}

/** The MDS 2.0 Provider API, for one agency's partners. */
export function createMdsService({ db }: { db: Db }) {
  const header = () => ({ version: MDS_RESPONSE_VERSION });
  const fresh = () => ({ last_updated: Date.now(), ttl: LIVE_TTL_MS });

  const toVehicle = (r: repo.VehicleRow) => ({
    device_id: r.id,
    provider_id: r.partner_id,
    vehicle_id: r.no,
    ...vehicleKind(r.asset_type),
  });

  const toStatus = (r: repo.VehicleStatusRow) => {
    const { state, type } = currentState(r);
    const location = { lat: r.latitude, lng: r.longitude };
    const tripIds = r.open_trip_id ? [r.open_trip_id] : null;
    const changedAt = ms(r.changed_at);
    const reportedAt = ms(r.reported_at);
    return {
      device_id: r.id,
      provider_id: r.partner_id,
      last_event: {
        device_id: r.id,
        provider_id: r.partner_id,
        event_id: stableId(`status:${r.id}:${state}:${changedAt}`),
        vehicle_state: state,
        event_types: [type],
        timestamp: changedAt,
        location,
        ...(tripIds ? { trip_ids: tripIds } : {}),
        ...percent(r.charge_pct),
      },
      last_telemetry: {
        device_id: r.id,
        provider_id: r.partner_id,
        telemetry_id: stableId(`telemetry:${r.id}:${reportedAt}`),
        timestamp: reportedAt,
        trip_ids: tripIds,
        journey_id: null,
        location,
        ...percent(r.charge_pct),
      },
    };
  };

  const toEvent = (r: repo.EventRow) => {
    const mapped = eventState(r);
    if (!mapped) return [];
    return [
      {
        device_id: r.asset_id,
        provider_id: r.partner_id,
        event_id: r.event_id,
        vehicle_state: mapped.state,
        event_types: [mapped.type],
        timestamp: ms(r.at),
        location: { lat: r.latitude, lng: r.longitude },
        ...(r.trip_id ? { trip_ids: [r.trip_id] } : {}),
        ...(r.ticket_id ? { associated_ticket: r.ticket_id } : {}),
        ...percent(r.charge_pct),
      },
    ];
  };

  const eventsBetween = async (agency: AgencyCaller, range: { from: Date; to: Date }, query: Query, next: NextLink) => {
    const { items, links } = await readPage(
      query,
      isTimeKey,
      (q) => repo.events(db, agency.scope, { ...range, ...q }),
      (r) => ({ at: r.key_at, id: r.event_id }),
      next,
    );
    return { ...header(), links, events: items.flatMap(toEvent) };
  };

  return {
    /** GET /vehicles: every vehicle of the agency's partners, a page at a time. */
    async vehicles(agency: AgencyCaller, query: Query, next: NextLink) {
      const read = (q: { after?: string; limit: number }) => repo.vehicles(db, agency.scope, q);
      const { items, links } = await readPage(query, isId, read, (r) => r.id, next);
      return { ...header(), ...fresh(), links, vehicles: items.map(toVehicle) };
    },

    /** GET /vehicles/{device_id}: one vehicle; another partner's is 404, as a missing one. */
    async vehicle(agency: AgencyCaller, id: string) {
      const vehicle = found(await repo.vehicles(db, agency.scope, { deviceId: deviceId(id), limit: 1 }));
      return { ...header(), ...fresh(), vehicles: [toVehicle(vehicle)] };
    },

    /** GET /vehicles/status: the current state of every vehicle with a known position. */
    async vehicleStatuses(agency: AgencyCaller, query: Query, next: NextLink) {
      const read = (q: { after?: string; limit: number }) => repo.vehicleStatuses(db, agency.scope, q);
      const { items, links } = await readPage(query, isId, read, (r) => r.id, next);
      return { ...header(), ...fresh(), links, vehicles_status: items.map(toStatus) };
    },

    /** GET /vehicles/status/{device_id}: one vehicle's state (404 without a known position). */
    async vehicleStatus(agency: AgencyCaller, id: string) {
      const status = found(await repo.vehicleStatuses(db, agency.scope, { deviceId: deviceId(id), limit: 1 }));
      return { ...header(), ...fresh(), vehicles_status: [toStatus(status)] };
    },

    /** GET /trips?end_time=: the trips that ended in an hour, with their routes. */
    async trips(agency: AgencyCaller, query: Query, next: NextLink) {
      const range = pastHour(query, 'end_time');
      const { items, links } = await readPage(
        query,
        isTimeKey,
        (q) => repo.tripsEnded(db, agency.scope, { ...range, ...q }),
        (r) => ({ at: r.key_at, id: r.id }),
        next,
      );
      return {
        ...header(),
        links,
        trips: items.map((r) => {
          const startedAt = ms(r.started_at);
          const endedAt = ms(r.ended_at);
          const rider = r.lease_currency !== null || r.source === 'customer-renting-scan';
          const tripType = rider ? 'rider' : r.source === 'user-relocation-collect' ? 'rebalance' : undefined;
          return {
            provider_id: r.partner_id,
            device_id: r.asset_id,
            trip_id: r.id,
            ...(tripType ? { trip_type: [tripType] } : {}),
            start_time: startedAt,
            end_time: endedAt,
            start_location: { lat: r.start_latitude, lng: r.start_longitude },
            end_location: { lat: r.end_latitude, lng: r.end_longitude },
            duration: Math.max(0, Math.round((endedAt - startedAt) / 1000)),
            distance: Math.max(0, Math.round(r.distance_m)),
            ...(r.lease_currency ? { currency: r.lease_currency } : {}),
            route: new RawJson(r.route),
          };
        }),
      };
    },

    /** GET /telemetry?telemetry_time=: the vehicles' fixes of an hour. */
    async telemetry(agency: AgencyCaller, query: Query, next: NextLink) {
      const range = pastHour(query, 'telemetry_time');
      const { items, links } = await readPage(
        query,
        isTimeKey,
        (q) => repo.telemetry(db, agency.scope, { ...range, ...q }),
        (r) => ({ at: r.key_at, id: r.asset_id }),
        next,
      );
      return {
        ...header(),
        links,
        telemetry: items.map((r) => ({
          device_id: r.asset_id,
          provider_id: r.partner_id,
          telemetry_id: r.telemetry_id,
          timestamp: ms(r.recorded_at),
          trip_ids: r.trip_id ? [r.trip_id] : null,
          journey_id: null,
          location: {
            lat: r.latitude,
            lng: r.longitude,
            ...(r.altitude === null ? {} : { altitude: r.altitude }),
            // MDS speed is in metres a second; ours in km/h.
            ...(r.velocity === null ? {} : { speed: r.velocity / 3.6 }),
          },
          ...percent(r.charge_pct),
        })),
      };
    },

    /** GET /events/historical?event_time=: the status changes of an hour. */
    async eventsHistorical(agency: AgencyCaller, query: Query, next: NextLink) {
      return eventsBetween(agency, pastHour(query, 'event_time'), query, next);
    },

    /** GET /events/recent?start_time=&end_time=: the status changes of a range within the last two weeks. */
    async eventsRecent(agency: AgencyCaller, query: Query, next: NextLink) {
      const start = millis(query, 'start_time');
      const end = millis(query, 'end_time');
      const missing = [start === undefined ? 'start_time' : '', end === undefined ? 'end_time' : ''].filter(Boolean);
      if (missing.length || start === undefined || end === undefined) throw new MdsParamError('missing_param', missing);
      const now = Date.now();
      if (start < now - RECENT_MS) throw new MdsParamError('bad_param', ['start_time is more than two weeks ago']);
      if (end < start) throw new MdsParamError('bad_param', ['end_time is before start_time']);
      // Nothing has happened after now: a range reaching into the future is read up to now.
      return eventsBetween(agency, { from: new Date(start), to: new Date(Math.min(end, now)) }, query, next);
    },
  };
}

/** A UUID derived from a text: the same text gives the same id on every read (RFC 4122 layout, version 5 bits). */
function stableId(seed: string) {
  const hex = createHash('sha1').update(seed).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

export type MdsService = ReturnType<typeof createMdsService>;
