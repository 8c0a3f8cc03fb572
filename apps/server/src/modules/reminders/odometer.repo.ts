import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { AllPartners } from '../../lib/scope.ts';

/** What a batch of trip writes changed on one asset: metres and seconds ridden, either sign. */
export interface OdometerDelta {
  assetId: string;
  distanceM: number;
  rideSeconds: number;
}

/** One trip's share of its asset's odometer: its distance and its duration. */
export interface TripMeasure {
  assetId: string;
  distanceM: number;
  startedAt: Date;
  endedAt: Date;
}

/**
 * The differences a trip write makes: + each inserted trip, new − old of each changed one, − each removed one.
 * A rebuilt trip therefore moves the odometer only by what changed, and a late one counts when it lands.
 */
export function odometerDeltas(
  inserted: readonly TripMeasure[],
  changed: readonly { before: TripMeasure; after: TripMeasure }[],
  removed: readonly TripMeasure[],
): OdometerDelta[] {
  const byAsset = new Map<string, OdometerDelta>();
  const add = (t: TripMeasure, sign: 1 | -1) => {
    const d = byAsset.get(t.assetId) ?? { assetId: t.assetId, distanceM: 0, rideSeconds: 0 };
    d.distanceM += sign * t.distanceM;
    d.rideSeconds += (sign * Math.max(0, t.endedAt.getTime() - t.startedAt.getTime())) / 1000;
    byAsset.set(t.assetId, d);
  };
  for (const t of inserted) add(t, 1);
  for (const c of changed) {
    add(c.before, -1);
    add(c.after, 1);
  }
  for (const t of removed) add(t, -1);
  return [...byAsset.values()]
    .filter((d) => d.distanceM !== 0 || d.rideSeconds !== 0)
    .sort((a, b) => (a.assetId < b.assetId ? -1 : a.assetId > b.assetId ? 1 : 0));
}

/**
 * Adds the differences to the assets' odometers in one statement, inside the trip write's transaction. Rows are
 * taken in asset-id order (the deltas come sorted), the order ingest and the trip builder lock assets in.
 */
export async function addToOdometers(tx: DbOrTx, _scope: AllPartners, deltas: readonly OdometerDelta[]) {
  if (deltas.length === 0) return;
  await tx.execute(sql`
    insert into asset_odometers (asset_id, distance_m, ride_seconds, updated_at)
    select v."assetId", v."distanceM", v."rideSeconds", now()
    from json_to_recordset(${JSON.stringify(deltas)}::json) as v("assetId" uuid, "distanceM" float8, "rideSeconds" float8)
    order by v."assetId"
    on conflict (asset_id) do update set
      distance_m = asset_odometers.distance_m + excluded.distance_m,
      ride_seconds = asset_odometers.ride_seconds + excluded.ride_seconds,
      updated_at = now()`);
}
