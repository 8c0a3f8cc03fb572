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
const availableVehicle = sql`a.usage_mode = 'customer-rental' and a.life_cycle_state in ('Ready', 'NotReady')
  and a.turnover_state = 'InSite' and c.is_enabled and c.asset_type <> 'BATTERY'`;

/**
 * vehicle_status's `vehicles` array as JSON text, written by PostgreSQL in one pass as one string: 100,000 vehicles
 * are a 25 MB document, and PostgreSQL concatenating it costs a fraction of json_build_object (5× slower, measured)
 * or of reading 100,000 rows into Node to serialise them (docs/performance.md "GBFS"). Every value is a uuid, a
 * number, a boolean or a fixed key, so no text needs JSON escaping. `maxRange` is the full-charge range in metres
 * per asset type (absent: human-powered, no range). A vehicle's plan is its type's default plan (vehicle_types).
 */
export async function vehicleStatusJson(
  db: DbOrTx,
  system: PublishedSystem,
  maxRange: Readonly<Record<string, number>>,
  parts = 2,
): Promise<string> {
  const rangeCase = sql.join(
    Object.entries(maxRange).map(([type, metres]) => sql`when ${type} then ${metres / 100}::int`),
    sql` `,
  );
  const charge = sql`least(greatest(a.charge_pct, 0), 100)`;
  // The formatting is CPU work per row: split by id range, PostgreSQL writes the parts on as many cores at once
  // (on a pool; PGlite's one connection runs them in turn). Ids are random, so the parts are even.
  const bounds = Array.from({ length: parts + 1 }, (_, i) =>
    i === 0 || i === parts
      ? null
      : `${Math.floor((i * 0x1_0000_0000) / parts)
          .toString(16)
          .padStart(8, '0')}-0000-0000-0000-000000000000`,
  );
  const part = (lo: string | null, hi: string | null) =>
    rows<{ json: string | null }>(
      db,
      sql`select string_agg(
              '{"vehicle_id":"' || a.gbfs_vehicle_id || '"'
              || coalesce(',"lat":' || a.latitude || ',"lon":' || a.longitude, '')
              || ',"is_reserved":false,"is_disabled":' || (a.life_cycle_state <> 'Ready')
              || ',"vehicle_type_id":"' || a.category_id || '"'
              || coalesce(',"last_reported":"'
                   || to_char(a.iot_last_update_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || '"', '')
              || coalesce(',"current_range_meters":' || ((case c.asset_type ${rangeCase} end) * ${charge})
                   || ',"current_fuel_percent":' || (${charge} / 100.0)::float8, '')
              || coalesce(',"station_id":"' || s.id || '"', '')
              || '}', ',') as json
          from assets a
          join asset_categories c on c.id = a.category_id
          left join sites s on s.id = a.site_id and s.gbfs_station and not s.is_archived
               and s.partner_id = a.partner_id and s.latitude is not null and s.longitude is not null
         where a.partner_id = ${system.partnerId}::uuid and ${availableVehicle}
           and ((a.latitude is not null and a.longitude is not null) or s.id is not null)
           ${lo ? sql`and a.id >= ${lo}::uuid` : sql``} ${hi ? sql`and a.id < ${hi}::uuid` : sql``}`,
    );
  const results = await Promise.all(bounds.slice(0, -1).map((lo, i) => part(lo, bounds[i + 1] ?? null)));
  return `[${results.flatMap(([r]) => (r?.json ? [r.json] : [])).join(',')}]`;
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
