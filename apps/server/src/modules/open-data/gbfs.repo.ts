import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rows } from '../../db/sql.ts';

/**
 * The public GBFS reads. They take no caller scope: a feed answers anyone, but only for a system its partner has
 * published. That is carried by the type: every feed read takes a `PublishedSystem`, which only `publishedSystem`
 * and `publishedSystems` (both reading `enabled`) hand out, so no read can reach an unpublished partner's fleet.
 * Nothing here selects a customer, an order or a trip.
 */
declare const published: unique symbol;
export interface PublishedSystem {
  readonly partnerId: string;
  readonly [published]: true;
}

export interface SystemRow extends PublishedSystem {
  partnerName: string;
  email: string | null;
  phone: string | null;
  timezone: string;
  feedContactEmail: string;
  openingHours: string;
  rentalApps: Record<string, { storeUri: string; discoveryUri: string } | null | undefined>;
  updatedAt: Date;
  operatorName: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const systemQuery = sql`
  select g.partner_id as "partnerId", p.name as "partnerName", coalesce(p.email, p.contact_work_email) as email,
         p.contact_phone as phone, p.timezone, g.feed_contact_email as "feedContactEmail",
         g.opening_hours as "openingHours", g.rental_apps as "rentalApps", g.updated_at as "updatedAt",
         (select name from accounts limit 1) as "operatorName"
    from gbfs_systems g join partners p on p.id = g.partner_id
   where g.enabled and g.feed_contact_email is not null`;

/** The system with this id if its partner publishes it; anything else (unknown, switched off, not an id) is absent. */
export async function publishedSystem(db: DbOrTx, systemId: string): Promise<SystemRow | undefined> {
  if (!UUID.test(systemId)) return undefined;
  const [row] = await rows<SystemRow>(db, sql`${systemQuery} and g.partner_id = ${systemId}::uuid`);
  return row ? { ...row, updatedAt: new Date(row.updatedAt) } : undefined;
}

export async function publishedSystems(db: DbOrTx): Promise<SystemRow[]> {
  const list = await rows<SystemRow>(db, sql`${systemQuery} order by p.created_at, p.id`);
  return list.map((r) => ({ ...r, updatedAt: new Date(r.updatedAt) }));
}

export interface VehicleTypeRow {
  id: string;
  name: string;
  assetType: string;
  programId: string | null;
}

/**
 * The categories the partner rents out to customers: those it has a rental program for, or customer-rental
 * assets in. Batteries are not vehicles; disabled categories rent nothing.
 */
export async function vehicleTypes(db: DbOrTx, system: PublishedSystem): Promise<VehicleTypeRow[]> {
  return rows<VehicleTypeRow>(
    db,
    sql`select c.id, c.name, c.asset_type as "assetType", rp.id as "programId"
          from asset_categories c
          left join rental_programs rp on rp.partner_id = ${system.partnerId}::uuid and rp.asset_category_id = c.id
               and exists (select 1 from program_pricing_parts pp where pp.program_id = rp.id)
         where c.is_enabled and c.asset_type <> 'BATTERY'
           and (rp.id is not null or exists (
                 select 1 from assets a where a.category_id = c.id and a.partner_id = ${system.partnerId}::uuid
                    and a.usage_mode = 'customer-rental'))
         order by lower(c.name), c.id`,
  );
}

/** The conditions of a vehicle GBFS shows: a customer-rental vehicle on the street or at a site, not out on a rental. */
/** What a rentable vehicle is in every feed (assets `a` joined to their category `c`). Literal SQL: COPY uses it. */
const AVAILABLE_VEHICLE = `a.usage_mode = 'customer-rental' and a.life_cycle_state in ('Ready', 'NotReady')
  and a.turnover_state = 'InSite' and c.is_enabled and c.asset_type <> 'BATTERY'`;
const availableVehicle = sql.raw(AVAILABLE_VEHICLE);

/**
 * One vehicle of vehicle_status as JSON text per row, as SQL text with its literals inlined (COPY takes no
 * parameters; the partner id is checked to be a uuid, the asset types are our constants, the bounds are made
 * here). Every value is a uuid, a number, a boolean or a timestamp, so nothing needs JSON escaping, and nothing
 * COPY would escape either. One concat() per row: a chain of || builds a string per operator (~20% slower). A null
 * piece drops out, so the optional fields are `',"key":' || value`; the boolean is cast, as concat() writes `t`;
 * the fuel fraction is written from the integer percent (7 → 0.07, 50 → 0.50, 100 → 1), not through float8.
 * `maxRange` is the full-charge range in metres per asset type (absent: human-powered, no range).
 */
function vehicleRows(
  system: PublishedSystem,
  maxRange: Readonly<Record<string, number>>,
  lo: string | null,
  hi: string | null,
): string {
  if (!UUID.test(system.partnerId)) throw new Error('vehicle_status: the partner id is not a uuid');
  const ranges = Object.entries(maxRange).flatMap(([type, metres]) =>
    /^[A-Z_]+$/.test(type) && Number.isFinite(metres) ? [`when '${type}' then ${Math.round(metres / 100)}`] : [],
  );
  const charge = 'least(greatest(a.charge_pct, 0), 100)';
  const range = ranges.length ? `(case c.asset_type ${ranges.join(' ')} end) * ${charge}` : 'null::int';
  return `select concat(
          '{"vehicle_id":"', a.gbfs_vehicle_id, '"',
          ',"lat":' || a.latitude || ',"lon":' || a.longitude,
          ',"is_reserved":false,"is_disabled":', (a.life_cycle_state <> 'Ready')::text,
          ',"vehicle_type_id":"', a.category_id, '"',
          ',"last_reported":"' || to_char(a.iot_last_update_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || '"',
          ',"current_range_meters":' || ${range} || ',"current_fuel_percent":'
            || case when ${charge} = 100 then '1' else '0.' || lpad(${charge}::text, 2, '0') end,
          ',"station_id":"' || s.id || '"',
          '}') as vehicle
      from assets a
      join asset_categories c on c.id = a.category_id
      left join sites s on s.id = a.site_id and s.gbfs_station and not s.is_archived
           and s.partner_id = a.partner_id and s.latitude is not null and s.longitude is not null
     where a.partner_id = '${system.partnerId}'::uuid and ${AVAILABLE_VEHICLE}
       and ((a.latitude is not null and a.longitude is not null) or s.id is not null)
       ${lo ? `and a.id >= '${lo}'::uuid` : ''} ${hi ? `and a.id < '${hi}'::uuid` : ''}`;
}

/**
 * vehicle_status's `vehicles` array as JSON bytes. 100,000 vehicles are a 28 MB document. PostgreSQL writes each
 * vehicle's JSON (json_build_object + json_agg: 1.4 s; rows read into the driver and serialised in Node: 380 ms
 * in the driver alone) and sends the rows by COPY, whose bytes are the vehicles one per line: the newlines become
 * the commas, and no string is made in Node (docs/performance.md "bench:gbfs"). PGlite has no COPY to the client:
 * there the same rows come joined as one text. The rows are split by id range into `parts` read at once, each on
 * its own connection and core (ids are random, so the parts are even); the parts keep their order and the scans
 * are not synchronised (db/client.ts), so unchanged data gives the same bytes and so the same ETag.
 */
export async function vehicleStatusJson(
  db: DbOrTx,
  system: PublishedSystem,
  maxRange: Readonly<Record<string, number>>,
  copyOut: ((statement: string) => AsyncIterable<Buffer>) | undefined,
  parts = copyOut ? 2 : 1,
): Promise<Buffer> {
  const bounds = Array.from({ length: parts + 1 }, (_, i) =>
    i === 0 || i === parts
      ? null
      : `${Math.floor((i * 0x1_0000_0000) / parts)
          .toString(16)
          .padStart(8, '0')}-0000-0000-0000-000000000000`,
  );
  const part = async (lo: string | null, hi: string | null): Promise<Buffer> => {
    const select = vehicleRows(system, maxRange, lo, hi);
    if (!copyOut) {
      const [row] = await rows<{ json: string | null }>(
        db,
        sql.raw(`select string_agg(v.vehicle, ',') as json from (${select}) v`),
      );
      return Buffer.from(row?.json ?? '');
    }
    const chunks: Buffer[] = [];
    for await (const chunk of copyOut(`copy (${select}) to stdout`)) chunks.push(chunk);
    const lines = Buffer.concat(chunks);
    for (let nl = lines.indexOf(10); nl !== -1; nl = lines.indexOf(10, nl + 1)) lines[nl] = 44; // '\n' → ','
    return lines.subarray(0, Math.max(0, lines.length - 1)); // the last row's newline
  };
  const written = (await Promise.all(bounds.slice(0, -1).map((lo, i) => part(lo, bounds[i + 1] ?? null)))).filter(
    (b) => b.length > 0,
  );
  return Buffer.concat([
    Buffer.from('['),
    ...written.flatMap((b, i) => (i ? [Buffer.from(','), b] : [b])),
    Buffer.from(']'),
  ]);
}

export interface StationRow {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  address: string | null;
  zip: string | null;
  phone: string | null;
  capacity: number | null;
  /** vehicles at the station by category: { categoryId: { available, disabled } } */
  counts: Record<string, { available: number; disabled: number }> | null;
  lastReported: Date | string | null;
}

/** The partner's published stations with coordinates, and the vehicles at each by type. */
export async function stations(db: DbOrTx, system: PublishedSystem): Promise<StationRow[]> {
  return rows<StationRow>(
    db,
    sql`select s.id, s.name, s.latitude, s.longitude, s.address, s.zip, s.phone, s.gbfs_capacity as capacity,
               v.counts, coalesce(v.last_reported, s.updated_at) as "lastReported"
          from sites s
          left join lateral (
            select json_object_agg(k.category_id, json_build_object('available', k.available, 'disabled', k.disabled))
                     as counts, max(k.last_reported) as last_reported
              from (select a.category_id, count(*) filter (where a.life_cycle_state = 'Ready') as available,
                           count(*) filter (where a.life_cycle_state <> 'Ready') as disabled,
                           max(a.iot_last_update_time) as last_reported
                      from assets a join asset_categories c on c.id = a.category_id
                     where a.site_id = s.id and a.partner_id = s.partner_id and ${availableVehicle}
                     group by a.category_id) k
          ) v on true
         where s.partner_id = ${system.partnerId}::uuid and s.gbfs_station and not s.is_archived
           and s.latitude is not null and s.longitude is not null
         order by lower(s.name), s.id`,
  );
}

export interface ZoneFeedRow {
  id: string;
  name: string;
  kind: string;
  maxSpeedKph: number | null;
  ring: [number, number][];
}

export async function zones(db: DbOrTx, system: PublishedSystem): Promise<ZoneFeedRow[]> {
  return rows<ZoneFeedRow>(
    db,
    sql`select id, name, kind, max_speed_kph as "maxSpeedKph", ring from geofencing_zones
         where partner_id = ${system.partnerId}::uuid order by position, created_at`,
  );
}

export interface PricingPlanRow {
  id: string;
  categoryName: string;
  unitPrice: string | number;
  priceUnit: string;
  currency: string;
}

export async function pricingPlans(db: DbOrTx, system: PublishedSystem): Promise<PricingPlanRow[]> {
  return rows<PricingPlanRow>(
    db,
    sql`select rp.id, c.name as "categoryName", pp.unit_price as "unitPrice", pp.price_unit as "priceUnit", pp.currency
          from rental_programs rp
          join program_pricing_parts pp on pp.program_id = rp.id
          join asset_categories c on c.id = rp.asset_category_id
         where rp.partner_id = ${system.partnerId}::uuid and c.is_enabled and c.asset_type <> 'BATTERY'
         order by lower(c.name), rp.id`,
  );
}

export interface DocumentRow {
  type: string;
  content: { en: string; it?: string; es?: string };
  updatedAt: Date | string;
}

/**
 * The partner's documents of these types, each falling back to the account's of the same type (a partner that
 * wrote none publishes the account's terms). A notice exists only per partner.
 */
export async function documents(db: DbOrTx, system: PublishedSystem, types: readonly string[]): Promise<DocumentRow[]> {
  if (types.length === 0) return [];
  const list = sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  );
  return rows<DocumentRow>(
    db,
    sql`select distinct on (type) type, content, "updatedAt" from (
          select type, content, updated_at as "updatedAt", 0 as rank from partner_documents
           where partner_id = ${system.partnerId}::uuid and type in (${list})
          union all
          select type, content, updated_at, 1 from account_documents where type in (${list})
        ) d order by type, rank`,
  );
}
