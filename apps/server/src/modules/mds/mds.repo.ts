import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inScopeSql, rows } from '../../db/sql.ts';
import type { Scope } from '../../lib/scope.ts';

// The MDS Provider API's reads (issue 25). Every one takes the agency's partner scope and applies it in SQL, leaves
// batteries out (they are assets, not vehicles), and pages by keyset: `after` is the last row's key of the previous
// page, and a page asks for one row more than it answers, to know whether a next page exists.

/** Assets that are vehicles: a battery category's assets are not. */
const vehicleCategory = (category: SQL) => sql`${category} <> 'BATTERY'`;
// date_part (double precision), not extract (numeric since PostgreSQL 14): a fifth of the route's cost.
const epochMs = (at: SQL) => sql`(date_part('epoch', ${at}) * 1000)::bigint`;

/** The vehicles of the scope, after a device id or just one, in device id order (the keyset of both vehicle lists). */
function vehiclesWhere(scope: Scope, q: { deviceId?: string; after?: string; limit: number }) {
  return sql`${vehicleCategory(sql`c.asset_type`)} and ${inScopeSql(scope, sql`a.partner_id`) ?? sql`true`}
    ${q.deviceId === undefined ? sql`` : sql`and a.id = ${q.deviceId}`}
    ${q.after === undefined ? sql`` : sql`and a.id > ${q.after}`}`;
}

export interface VehicleRow {
  id: string;
  no: string;
  partner_id: string;
  asset_type: string;
}

/** Vehicles in device id order, after `after`; or the one whose id is `deviceId`. */
export async function vehicles(
  db: DbOrTx,
  scope: Scope,
  q: { deviceId?: string; after?: string; limit: number },
): Promise<VehicleRow[]> {
  return rows<VehicleRow>(
    db,
    sql`select a.id, a.no, a.partner_id, c.asset_type
        from assets a join asset_categories c on c.id = a.category_id
        where ${vehiclesWhere(scope, q)}
        order by a.id limit ${q.limit}`,
  );
}

export interface VehicleStatusRow {
  id: string;
  partner_id: string;
  life_cycle_state: string;
  turnover_state: string;
  trip_status: string;
  latitude: number;
  longitude: number;
  charge_pct: number | null;
  /** ms: the latest change of the asset's row, or the start of its open trip when later. */
  changed_at: string | number;
  /** ms: the device's latest report, else the row's latest change. */
  reported_at: string | number;
  open_trip_id: string | null;
}

/**
 * The current state of the vehicles that have a position (MDS wants a location with every status), in device id
 * order; with the open trip of those riding (its id is the status's trip).
 */
export async function vehicleStatuses(
  db: DbOrTx,
  scope: Scope,
  q: { deviceId?: string; after?: string; limit: number },
): Promise<VehicleStatusRow[]> {
  return rows<VehicleStatusRow>(
    db,
    sql`select a.id, a.partner_id, a.life_cycle_state, a.turnover_state, a.trip_status, a.latitude, a.longitude,
          a.charge_pct, ${epochMs(sql`greatest(a.updated_at, ot.started_at)`)} as changed_at,
          ${epochMs(sql`coalesce(a.iot_last_update_time, a.updated_at)`)} as reported_at, ot.id as open_trip_id
        from assets a join asset_categories c on c.id = a.category_id
        left join lateral (
          select t.id, t.started_at from trips t
          where t.asset_id = a.id and t.status <> 'finished' and a.trip_status = 'Ongoing'
          order by t.started_at desc limit 1
        ) ot on true
        where ${vehiclesWhere(scope, q)} and a.latitude is not null and a.longitude is not null
        order by a.id limit ${q.limit}`,
  );
}

/**
 * A keyset position in a time-ordered list: the exact time of the last row served (timestamptz as text: a
 * millisecond would lose the microseconds and serve that row again) and its tie-breaking id.
 */
export interface TimeKey {
  at: string;
  id: string;
}

/** `and (time, id) > (the key)`: rows after the keyset position, or every row on a first page. */
const afterKey = (after: TimeKey | undefined, at: SQL, id: SQL) =>
  after ? sql`and (${at}, ${id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;

export interface TripRow {
  /** The keyset time of this row (see TimeKey). */
  key_at: string;
  id: string;
  asset_id: string;
  partner_id: string;
  source: string;
  started_at: string | number;
  ended_at: string | number;
  start_latitude: number;
  start_longitude: number;
  end_latitude: number;
  end_longitude: number;
  distance_m: number;
  /** The currency of the order whose lease held the vehicle during the trip, when one did. */
  lease_currency: string | null;
  /** GeoJSON FeatureCollection of the trip's fixes (Point features with their `timestamp`), as JSON text. */
  route: string;
}

/** Finished trips that ended in [from, to), by end time then id, after `after`. */
export async function tripsEnded(
  db: DbOrTx,
  scope: Scope,
  q: { from: Date; to: Date; after?: TimeKey; limit: number },
): Promise<TripRow[]> {
  const after = afterKey(q.after, sql`t.ended_at`, sql`t.id`);
  return rows<TripRow>(
    db,
    sql`select t.id, t.asset_id, t.partner_id, t.source, t.ended_at::text as key_at, ${epochMs(sql`t.started_at`)} as started_at,
          ${epochMs(sql`t.ended_at`)} as ended_at, t.start_latitude, t.start_longitude, t.end_latitude,
          t.end_longitude, t.distance_m,
          (select o.currency from leases l join orders o on o.id = l.order_id
            where l.asset_id = t.asset_id and l.started_at <= t.ended_at
              and coalesce(l.returned_at, 'infinity') >= t.started_at
            order by l.started_at desc limit 1) as lease_currency,
          -- The route as GeoJSON text, written by concatenation: 3–4 times faster than json_build_object per fix
          -- (an hour of 50,000 trips), and handed through to the answer without being parsed (mds.routes.ts).
          (select '{"type":"FeatureCollection","features":[' || coalesce(string_agg(
              '{"type":"Feature","properties":{"timestamp":' || ${epochMs(sql`p.recorded_at`)}
              || '},"geometry":{"type":"Point","coordinates":[' || p.longitude || ',' || p.latitude || ']}}',
              ',' order by p.recorded_at), '') || ']}'
            from asset_positions p
            where p.asset_id = t.asset_id and p.recorded_at >= t.started_at and p.recorded_at <= t.ended_at) as route
        from trips t join asset_categories c on c.id = t.category_id
        where t.status = 'finished' and t.ended_at >= ${q.from} and t.ended_at < ${q.to}
          and ${vehicleCategory(sql`c.asset_type`)} and ${inScopeSql(scope, sql`t.partner_id`) ?? sql`true`}
          ${after}
        order by t.ended_at, t.id limit ${q.limit}`,
  );
}

export interface TelemetryRow {
  /** The keyset time of this row (see TimeKey). */
  key_at: string;
  asset_id: string;
  partner_id: string;
  telemetry_id: string;
  recorded_at: string | number;
  latitude: number;
  longitude: number;
  altitude: number | null;
  velocity: number | null;
  charge_pct: number | null;
  trip_id: string | null;
}

/** The vehicles' fixes recorded in [from, to), by time then device id, after `after`; each with the trip it was on. */
export async function telemetry(
  db: DbOrTx,
  scope: Scope,
  q: { from: Date; to: Date; after?: TimeKey; limit: number },
): Promise<TelemetryRow[]> {
  const after = afterKey(q.after, sql`p.recorded_at`, sql`p.asset_id`);
  return rows<TelemetryRow>(
    db,
    sql`select p.asset_id, a.partner_id, p.recorded_at::text as key_at, md5('position:' || p.asset_id || ':' || p.recorded_at)::uuid as telemetry_id,
          ${epochMs(sql`p.recorded_at`)} as recorded_at, p.latitude, p.longitude, p.altitude, p.velocity, p.charge_pct,
          (select t.id from trips t
            where t.asset_id = p.asset_id and t.started_at <= p.recorded_at and t.ended_at >= p.recorded_at
            order by t.started_at desc limit 1) as trip_id
        from asset_positions p
        join assets a on a.id = p.asset_id
        join asset_categories c on c.id = a.category_id
        where p.recorded_at >= ${q.from} and p.recorded_at < ${q.to}
          and ${vehicleCategory(sql`c.asset_type`)} and ${inScopeSql(scope, sql`a.partner_id`) ?? sql`true`}
          ${after}
        order by p.recorded_at, p.asset_id limit ${q.limit}`,
  );
}

/** What a status change was made from: a trip's start or end, or one of the asset events MDS has a type for. */
export type EventSource = 'trip-start' | 'trip-end' | 'low-battery' | 'relocation-collect' | 'checklist-finalized';

export interface EventRow {
  /** The keyset time of this row (see TimeKey). */
  key_at: string;
  event_id: string;
  source: EventSource;
  asset_id: string;
  partner_id: string;
  at: string | number;
  latitude: number;
  longitude: number;
  trip_id: string | null;
  /** For a finalized checklist: the lifecycle state it set (none when it set none) and its service ticket. */
  life_cycle_to: string | null;
  ticket_id: string | null;
  charge_pct: number | null;
}

/**
 * The status changes that happened in [from, to), by time then event id, after `after`: trip starts and ends,
 * low-battery alarms, relocation pick-ups, and finalized checklists (work on the vehicle). An event id is derived
 * from its source row, so it is the same on every read.
 */
export async function events(
  db: DbOrTx,
  scope: Scope,
  q: { from: Date; to: Date; after?: TimeKey; limit: number },
): Promise<EventRow[]> {
  const inScope = (partner: SQL) => inScopeSql(scope, partner) ?? sql`true`;
  const after = afterKey(q.after, sql`ev.at`, sql`ev.event_id`);
  return rows<EventRow>(
    db,
    sql`select ev.event_id, ev.source, ev.asset_id, ev.partner_id, ev.at::text as key_at, ${epochMs(sql`ev.at`)} as at, ev.latitude,
          ev.longitude, ev.trip_id, ev.life_cycle_to, ev.ticket_id, ev.charge_pct
        from (
          select md5('trip-start:' || t.id)::uuid as event_id, 'trip-start' as source, t.asset_id, t.partner_id,
            t.started_at as at, t.start_latitude as latitude, t.start_longitude as longitude, t.id as trip_id,
            null::text as life_cycle_to, null::text as ticket_id, null::int as charge_pct
          from trips t join asset_categories c on c.id = t.category_id
          where t.started_at >= ${q.from} and t.started_at < ${q.to}
            and ${vehicleCategory(sql`c.asset_type`)} and ${inScope(sql`t.partner_id`)}
          union all
          select md5('trip-end:' || t.id)::uuid, 'trip-end', t.asset_id, t.partner_id, t.ended_at, t.end_latitude,
            t.end_longitude, t.id, null, null, null
          from trips t join asset_categories c on c.id = t.category_id
          where t.status = 'finished' and t.ended_at >= ${q.from} and t.ended_at < ${q.to}
            and ${vehicleCategory(sql`c.asset_type`)} and ${inScope(sql`t.partner_id`)}
          union all
          select md5('asset-event:' || e.id)::uuid,
            case e.type when 'device-alarm' then 'low-battery' when 'user-relocation-collect' then 'relocation-collect'
              else 'checklist-finalized' end,
            e.asset_id, e.partner_id, e.occurred_at, coalesce(e.latitude, a.latitude), coalesce(e.longitude, a.longitude),
            null, e.data -> 'lifeCycle' ->> 'to', e.data ->> 'ticketId', a.charge_pct
          from asset_events e
          join assets a on a.id = e.asset_id
          join asset_categories c on c.id = a.category_id
          where e.occurred_at >= ${q.from} and e.occurred_at < ${q.to}
            and ${vehicleCategory(sql`c.asset_type`)} and ${inScope(sql`e.partner_id`)}
            and ((e.type = 'device-alarm' and e.code = 'low-battery') or e.type = 'user-relocation-collect'
              or (e.type = 'checklist-finalized' and e.data -> 'lifeCycle' ->> 'to' in ('Ready', 'NotReady', 'Retired')))
        ) ev
        where ev.latitude is not null and ev.longitude is not null ${after}
        order by ev.at, ev.event_id limit ${q.limit}`,
  );
}
