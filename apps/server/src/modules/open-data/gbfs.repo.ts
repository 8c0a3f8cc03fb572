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
 * vehicle_status's `vehicles` array as JSON text, built by PostgreSQL in one pass: 100,000 vehicles are a
 * 25 MB document, and building it there costs a fraction of reading the rows and serialising them in Node.
 * `maxRange` is the full-charge range in metres per asset type (absent: human-powered, no range).
 */
export async function vehicleStatusJson(
  db: DbOrTx,
  system: PublishedSystem,
  maxRange: Readonly<Record<string, number>>,
): Promise<string> {
  const rangeCase = sql.join(
    Object.entries(maxRange).map(([type, metres]) => sql`when ${type} then ${metres}::float8`),
    sql` `,
  );
  const [row] = await rows<{ json: string }>(
    db,
    sql`select coalesce(json_agg(json_strip_nulls(json_build_object(
              'vehicle_id', a.gbfs_vehicle_id,
              'lat', a.latitude,
              'lon', a.longitude,
              'is_reserved', false,
              'is_disabled', a.life_cycle_state <> 'Ready',
              'vehicle_type_id', a.category_id,
              'last_reported', to_char(a.iot_last_update_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
              'current_range_meters', round(((case c.asset_type ${rangeCase} end) * least(greatest(a.charge_pct, 0), 100) / 100)::numeric),
              'current_fuel_percent', case when (case c.asset_type ${rangeCase} end) is not null
                                           then least(greatest(a.charge_pct, 0), 100) / 100.0 end,
              'station_id', s.id,
              'pricing_plan_id', rp.id))), '[]')::text as json
          from assets a
          join asset_categories c on c.id = a.category_id
          left join sites s on s.id = a.site_id and s.gbfs_station and not s.is_archived
               and s.partner_id = a.partner_id and s.latitude is not null and s.longitude is not null
          left join rental_programs rp on rp.partner_id = a.partner_id and rp.asset_category_id = a.category_id
               and exists (select 1 from program_pricing_parts pp where pp.program_id = rp.id)
         where a.partner_id = ${system.partnerId}::uuid and ${availableVehicle}
           and ((a.latitude is not null and a.longitude is not null) or s.id is not null)`,
  );
  return row?.json ?? '[]';
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
