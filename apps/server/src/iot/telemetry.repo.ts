import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/sql.ts';
import { faultPoint } from '../lib/fault.ts';

/**
 * The SQL of telemetry ingest. Each batch is one transaction of a few set-based statements; rows travel as one
 * JSON parameter (json_to_recordset), which both drivers pass the same way and PostgreSQL expands in one pass.
 */
export interface DeviceBinding {
  deviceNo: string;
  assetId: string;
  partnerId: string;
}

export interface PositionRow {
  assetId: string;
  recordedAt: string;
  lat: number;
  lng: number;
  alt: number | null;
  vel: number | null;
  chargePct: number | null;
}

export interface LatestStateRow {
  assetId: string;
  /** The newest report of the batch (ISO); null when the batch brought only an alarm or error for the asset. */
  ts: string | null;
  chargePct: number | null;
  battMv: number | null;
  lock: string | null;
  lat: number | null;
  lng: number | null;
  /** The latest moving fix among the asset's reports of the batch (ISO), if any: feeds `assets.moved_at`. */
  movedAt: string | null;
  /** The newest alarm and error of the batch, if any (left out of the JSON when there is none). */
  alarmCode?: string;
  alarmAt?: string;
  errorCode?: string;
  errorAt?: string;
}

export interface EventRow {
  assetId: string;
  partnerId: string;
  type: string;
  code: string;
  occurredAt: string;
  lat: number | null;
  lng: number | null;
  data: Record<string, unknown> | null;
}

export interface PresenceRow {
  deviceNo: string;
  state: 'online' | 'offline';
  at: string;
  firmware: string | null;
  vendor: string | null;
}

export async function findBindings(db: Db, deviceNos: readonly string[]): Promise<DeviceBinding[]> {
  if (deviceNos.length === 0) return [];
  return rows<DeviceBinding>(
    db,
    sql`select iot_device_no as "deviceNo", id as "assetId", partner_id as "partnerId"
        from assets where iot_device_no in (select json_array_elements_text(${JSON.stringify(deviceNos)}::json))`,
  );
}

/** Each asset's stored lock state and the time of the report that set it (whichever node wrote it). */
export async function storedLocks(
  db: Db,
  assetIds: readonly string[],
): Promise<{ assetId: string; lock: string | null; at: Date | string | null }[]> {
  if (assetIds.length === 0) return [];
  return rows(
    db,
    sql`select id as "assetId", lock_state as lock, iot_last_update_time as at
        from assets where id in (select json_array_elements_text(${JSON.stringify(assetIds)}::json)::uuid)`,
  );
}

export async function writeTelemetryBatch(
  db: Db,
  batch: { positions: PositionRow[]; latest: LatestStateRow[]; events: EventRow[]; presence: PresenceRow[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (batch.positions.length > 0) {
      await tx.execute(sql`
        insert into asset_positions (asset_id, recorded_at, latitude, longitude, altitude, velocity, charge_pct)
        select "assetId", "recordedAt", lat, lng, alt, vel, "chargePct"
        from json_to_recordset(${JSON.stringify(batch.positions)}::json) as v(
          "assetId" uuid, "recordedAt" timestamptz, lat float8, lng float8, alt real, vel real, "chargePct" smallint)`);
    }
    faultPoint('telemetry.inBatch');
    if (batch.latest.length > 0) {
      // One statement for all of the batch's asset rows, sorted by id: concurrent batches lock them in one order and
      // cannot deadlock (a second statement for alarms, in an order of its own, did: bench:ingest lost a batch to it).
      // Older reports (a device flushing its backlog) never overwrite a newer state, but their moving fixes still
      // advance moved_at: the trip job must build what they add to the trail. (SET expressions read the old row.)
      const fresh = sql`(v.ts is not null and (a.iot_last_update_time is null or a.iot_last_update_time <= v.ts))`;
      const newAlarm = sql`(v."alarmAt" is not null and (a.alarm_at is null or a.alarm_at <= v."alarmAt"))`;
      const newError = sql`(v."errorAt" is not null and (a.error_at is null or a.error_at <= v."errorAt"))`;
      await tx.execute(sql`
        update assets a set
          charge_pct = case when ${fresh} then coalesce(v."chargePct", a.charge_pct) else a.charge_pct end,
          iot_battery_voltage_milli = case when ${fresh}
            then coalesce(v."battMv", a.iot_battery_voltage_milli) else a.iot_battery_voltage_milli end,
          lock_state = case when ${fresh} then coalesce(v.lock, a.lock_state) else a.lock_state end,
          latitude = case when ${fresh} then coalesce(v.lat, a.latitude) else a.latitude end,
          longitude = case when ${fresh} then coalesce(v.lng, a.longitude) else a.longitude end,
          iot_last_update_time = case when ${fresh} then v.ts else a.iot_last_update_time end,
          moved_at = greatest(a.moved_at, v."movedAt"),
          alarm_code = case when ${newAlarm} then v."alarmCode" else a.alarm_code end,
          alarm_at = case when ${newAlarm} then v."alarmAt" else a.alarm_at end,
          error_code = case when ${newError} then v."errorCode" else a.error_code end,
          error_at = case when ${newError} then v."errorAt" else a.error_at end
        from json_to_recordset(${JSON.stringify(batch.latest)}::json) as v(
          "assetId" uuid, ts timestamptz, "chargePct" int, "battMv" int, lock text, lat float8, lng float8,
          "movedAt" timestamptz, "alarmCode" text, "alarmAt" timestamptz, "errorCode" text, "errorAt" timestamptz)
        where a.id = v."assetId"
          and (${fresh} or v."movedAt" > coalesce(a.moved_at, '-infinity') or ${newAlarm} or ${newError})`);
    }
    if (batch.events.length > 0) {
      await tx.execute(sql`
        insert into asset_events (asset_id, partner_id, type, code, occurred_at, latitude, longitude, data)
        select "assetId", "partnerId", type, code, "occurredAt", lat, lng, data
        from json_to_recordset(${JSON.stringify(batch.events)}::json) as v(
          "assetId" uuid, "partnerId" uuid, type text, code text, "occurredAt" timestamptz, lat float8, lng float8,
          data jsonb)`);
    }
    if (batch.presence.length > 0) {
      await tx.execute(sql`
        insert into iot_devices (no, vendor, presence, presence_changed_at, firmware, last_seen_at)
        select "deviceNo", vendor, state, at, firmware, at
        from json_to_recordset(${JSON.stringify(batch.presence)}::json) as v(
          "deviceNo" text, state text, at timestamptz, firmware text, vendor text)
        on conflict (no) do update set
          presence = excluded.presence,
          presence_changed_at = excluded.presence_changed_at,
          firmware = coalesce(excluded.firmware, iot_devices.firmware),
          vendor = coalesce(excluded.vendor, iot_devices.vendor),
          last_seen_at = excluded.last_seen_at
        where iot_devices.presence_changed_at is null or iot_devices.presence_changed_at <= excluded.presence_changed_at`);
    }
  });
}

/** The bound devices of the fleet where they last reported: what the simulator brings to life. */
export async function fleetDevices(db: Db, limit: number) {
  return rows<{
    deviceNo: string;
    vendor: string;
    lat: number;
    lng: number;
    chargePct: number | null;
    lock: string | null;
  }>(
    db,
    sql`select iot_device_no as "deviceNo", coalesce(iot_vendor, 'tbox') as vendor, latitude as lat, longitude as lng,
          charge_pct as "chargePct", lock_state as lock
        from assets
        where iot_device_no is not null and latitude is not null and longitude is not null
          and life_cycle_state not in ('Removed', 'Retired')
        order by iot_device_no
        limit ${limit}`,
  );
}
