import { and, asc, isNotNull, sql } from 'drizzle-orm';
import { MOVING_KMH } from '../../modules/trips/trip-builder.ts';
import { buildAssetTrips } from '../../modules/trips/trips.service.ts';
import type { DbOrTx } from '../client.ts';
import { assetEvents, assetPositions, assets } from '../schema/index.ts';
import { seededRandom } from './random.ts';

const DAY = 86_400_000;
const MIN = 60_000;
/** Three days of rides for this many devices per partner: trips to list, export and draw on first start. */
const RIDERS_PER_PARTNER = 15;
const DAYS = 3;
/** Riding devices report every 15 s (the tbox riding cycle). */
const CYCLE_MS = 15_000;
const CHUNK = 2_000;
const M_PER_DEG_LAT = 111_320;

type Point = { lat: number; lng: number };

/**
 * Corners of a street-like way from `a` to `b`: legs alternately north-south and east-west (a city grid), the
 * distance split at random between two to four legs.
 */
function gridWay(a: Point, b: Point, rng: () => number): Point[] {
  const legs = 2 + Math.floor(rng() * 3);
  const corners: Point[] = [a];
  let { lat, lng } = a;
  const latLegs = Math.ceil(legs / 2);
  const lngLegs = Math.floor(legs / 2) || 1;
  let latLeft = b.lat - a.lat;
  let lngLeft = b.lng - a.lng;
  for (let i = 0; i < legs; i++) {
    const lastOfKind = i >= legs - 2;
    if (i % 2 === 0) {
      const part = lastOfKind ? latLeft : latLeft * (0.3 + rng() * (1 / latLegs));
      lat += part;
      latLeft -= part;
    } else {
      const part = lastOfKind ? lngLeft : lngLeft * (0.3 + rng() * (1 / lngLegs));
      lng += part;
      lngLeft -= part;
    }
    corners.push({ lat, lng });
  }
  corners.push(b);
  return corners;
}

/** Fixes every 15 s along the corners at `kmh`, with a few metres of GPS noise. */
function fixesAlong(corners: Point[], startAt: number, kmh: number, rng: () => number) {
  const step = (kmh / 3.6) * (CYCLE_MS / 1000);
  const out: { at: number; lat: number; lng: number; vel: number }[] = [];
  let at = startAt;
  for (let i = 0; i + 1 < corners.length; i++) {
    const a = corners[i] as Point;
    const b = corners[i + 1] as Point;
    const cos = Math.cos((a.lat * Math.PI) / 180);
    const dy = (b.lat - a.lat) * M_PER_DEG_LAT;
    const dx = (b.lng - a.lng) * M_PER_DEG_LAT * cos;
    const length = Math.hypot(dx, dy);
    for (let d = 0; d < length; d += step) {
      const f = d / length;
      const noise = () => (rng() - 0.5) * 6;
      out.push({
        at,
        lat: a.lat + (b.lat - a.lat) * f + noise() / M_PER_DEG_LAT,
        lng: a.lng + (b.lng - a.lng) * f + noise() / (M_PER_DEG_LAT * cos),
        vel: Math.round((kmh + (rng() - 0.5) * 6) * 10) / 10,
      });
      at += CYCLE_MS;
    }
  }
  return out;
}

/**
 * Three days of rides for a few devices of each demo partner, as the gateway would have stored them: still
 * fixes where a ride starts, fixes every 15 s along street-like ways (some with a short stop), a still lock
 * report where it ends, and for some a customer renting scan first. Each device's last ride brings it back to
 * where the registry has it. The trip builder then turns that history into trips, as the trip job would.
 */
export async function seedDemoTrips(db: DbOrTx, now = Date.now()) {
  const fleet = await db
    .select({ id: assets.id, partnerId: assets.partnerId, lat: assets.latitude, lng: assets.longitude })
    .from(assets)
    .where(and(isNotNull(assets.iotDeviceNo), isNotNull(assets.latitude), isNotNull(assets.longitude)))
    .orderBy(asc(assets.no));
  const perPartner = new Map<string, typeof fleet>();
  for (const a of fleet) {
    const list = perPartner.get(a.partnerId) ?? [];
    if (list.length < RIDERS_PER_PARTNER) list.push(a);
    perPartner.set(a.partnerId, list);
  }
  const riders = [...perPartner.values()].flat();
  if (riders.length === 0) return;

  const rng = seededRandom(20261120).next;
  const positions: (typeof assetPositions.$inferInsert)[] = [];
  const events: (typeof assetEvents.$inferInsert)[] = [];
  const start = now - DAYS * DAY;
  // Rides end at least 20 minutes ago, so every demo trip is finished and the live ones are the simulator's.
  const end = now - 20 * MIN;

  for (const rider of riders) {
    const home = { lat: rider.lat as number, lng: rider.lng as number };
    const rides = 4 + Math.floor(rng() * 4 * DAYS);
    const starts = Array.from({ length: rides }, () => start + rng() * (end - start - 60 * MIN)).sort((a, b) => a - b);
    let here = home;
    let free = start;
    starts.forEach((wanted, index) => {
      const at = Math.max(wanted, free);
      if (at > end - 45 * MIN) return;
      const last = index === starts.length - 1;
      const radius = 300 + rng() * 1500;
      const angle = rng() * Math.PI * 2;
      const cos = Math.cos((home.lat * Math.PI) / 180);
      const to = last
        ? home
        : {
            lat: home.lat + (Math.sin(angle) * radius) / M_PER_DEG_LAT,
            lng: home.lng + (Math.cos(angle) * radius) / (M_PER_DEG_LAT * cos),
          };
      const kmh = 11 + rng() * 9;
      if (rng() < 0.5) {
        events.push({
          assetId: rider.id,
          partnerId: rider.partnerId,
          type: 'customer-renting-scan',
          occurredAt: new Date(at - 30_000),
          latitude: here.lat,
          longitude: here.lng,
          data: {},
        });
      }
      positions.push({
        assetId: rider.id,
        recordedAt: new Date(at - 60_000),
        latitude: here.lat,
        longitude: here.lng,
        velocity: 0,
      });
      const fixes = fixesAlong(gridWay(here, to, rng), at, kmh, rng);
      // Some rides have a short stop halfway (a shop, a red light that lasts): a few still fixes.
      const pauseAt = rng() < 0.3 ? Math.floor(fixes.length / 2) : -1;
      let shift = 0;
      fixes.forEach((f, i) => {
        if (i === pauseAt) {
          const stopMs = (2 + Math.floor(rng() * 4)) * MIN;
          for (let s = 0; s < stopMs; s += 60_000) {
            positions.push({
              assetId: rider.id,
              recordedAt: new Date(f.at + s),
              latitude: f.lat,
              longitude: f.lng,
              velocity: 0,
            });
          }
          shift = stopMs;
        }
        positions.push({
          assetId: rider.id,
          recordedAt: new Date(f.at + shift),
          latitude: f.lat,
          longitude: f.lng,
          velocity: f.vel,
          chargePct: null,
        });
      });
      const finish = (fixes.at(-1)?.at ?? at) + shift + CYCLE_MS;
      positions.push({
        assetId: rider.id,
        recordedAt: new Date(finish),
        latitude: to.lat,
        longitude: to.lng,
        velocity: 0,
      });
      here = to;
      free = finish + 20 * MIN;
    });
  }

  for (let i = 0; i < positions.length; i += CHUNK)
    await db.insert(assetPositions).values(positions.slice(i, i + CHUNK));
  for (let i = 0; i < events.length; i += CHUNK) await db.insert(assetEvents).values(events.slice(i, i + CHUNK));
  // What telemetry ingest would have kept: each rider's latest moving fix (the trip job finds assets by it).
  const movedAt = new Map<string, number>();
  for (const p of positions) {
    const at = (p.recordedAt as Date).getTime();
    // A fix without a velocity reading counts as moving, as ingest counts it.
    const moving = (p.velocity ?? MOVING_KMH) >= MOVING_KMH;
    if (moving && at > (movedAt.get(p.assetId) ?? 0)) movedAt.set(p.assetId, at);
  }
  const moved = [...movedAt].map(([id, at]) => ({ id, at: new Date(at).toISOString() }));
  await db.execute(sql`
    update assets a set moved_at = v.at
    from json_to_recordset(${JSON.stringify(moved)}::json) as v(id uuid, at timestamptz)
    where a.id = v.id`);
  await db.execute(sql`analyze asset_positions`);
  await buildAssetTrips(
    db,
    riders.map((r) => r.id),
    { now: new Date(now), floor: new Date(start - DAY) },
  );
}
