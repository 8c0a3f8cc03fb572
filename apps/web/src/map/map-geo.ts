import { formatCoordinates, parseCoordinates } from '@fleetdesk/contracts';
import type { Feature, Polygon } from 'geojson';

/** A position as the map libraries take it: longitude first. */
export type LngLat = [longitude: number, latitude: number];
/** South-west and north-east corners, longitude first (what fitBounds takes). */
export type Bounds = [[number, number], [number, number]];

/** Mean Earth radius (IUGG), the sphere the server's earthdistance extension also assumes (within 0.01 %). */
export const EARTH_RADIUS_M = 6_371_008.8;

/** Six decimals are about 0.1 m: finer than any GPS fix, coarser would move a small fence visibly. */
const COORDINATE_DECIMALS = 6;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;
const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  // +0 turns -0 into 0, so "-0, 9.19" is never written.
  return Math.round(value * factor) / factor + 0;
};

/** Longitude into [-180, 180): a click on a repeated world copy (lng 370) is the same place (lng 10). */
export function wrapLongitude(longitude: number): number {
  const wrapped = ((((longitude + 180) % 360) + 360) % 360) - 180;
  return wrapped + 0;
}

/** The point reached from `center` going `distance` metres along the great circle with the given bearing. */
export function destination(center: LngLat, distance: number, bearingDegrees: number): LngLat {
  const [lng, lat] = center;
  const phi1 = toRadians(lat);
  const lambda1 = toRadians(lng);
  const theta = toRadians(bearingDegrees);
  const delta = distance / EARTH_RADIUS_M;
  const sinPhi2 = Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(theta);
  const phi2 = Math.asin(Math.min(1, Math.max(-1, sinPhi2)));
  const lambda2 =
    lambda1 +
    Math.atan2(Math.sin(theta) * Math.sin(delta) * Math.cos(phi1), Math.cos(delta) - Math.sin(phi1) * sinPhi2);
  // Longitudes stay continuous around the centre (may pass ±180) so a ring across the antimeridian is not torn.
  return [toDegrees(lambda2), toDegrees(phi2)];
}

/** Great-circle distance in metres (haversine). */
export function distance(a: LngLat, b: LngLat): number {
  const dPhi = toRadians(b[1] - a[1]);
  const dLambda = toRadians(b[0] - a[0]);
  const h =
    Math.sin(dPhi / 2) ** 2 + Math.cos(toRadians(a[1])) * Math.cos(toRadians(b[1])) * Math.sin(dLambda / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The ring of points `radius` metres from `center` on the sphere: a true geodesic circle, not a circle in
 * screen pixels, so the fence drawn is the area the server tests against at any latitude. Closed ring
 * (first point repeated), counter-clockwise as RFC 7946 wants for an outer ring.
 */
export function circleRing(center: LngLat, radius: number, steps = 96): LngLat[] {
  if (!(radius > 0) || !Number.isFinite(radius)) throw new RangeError('radius must be a positive number of metres');
  if (steps < 3) throw new RangeError('a ring needs at least 3 steps');
  const ring: LngLat[] = [];
  // Bearings decrease (north, west, south, east) so the ring runs counter-clockwise.
  for (let i = 0; i < steps; i++) ring.push(destination(center, radius, 360 - (360 * i) / steps));
  ring.push(ring[0] as LngLat);
  return ring;
}

/** The fence as a GeoJSON polygon feature. */
export function circlePolygon(center: LngLat, radius: number, steps = 96): Feature<Polygon> {
  return {
    type: 'Feature',
    properties: {},
    geometry: { type: 'Polygon', coordinates: [circleRing(center, radius, steps)] },
  };
}

/** The box around a geodesic circle, for fitting the camera to it. */
export function circleBounds(center: LngLat, radius: number): Bounds {
  const ring = circleRing(center, radius, 64);
  const lngs = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}

/** "45.4642, 9.19" → [9.19, 45.4642]; null for empty or malformed text (the form field shows why). */
export function coordinatesToLngLat(text: string | null | undefined): LngLat | null {
  if (!text) return null;
  const parsed = parseCoordinates(text);
  return parsed ? [parsed.longitude, parsed.latitude] : null;
}

/** A picked map point as the coordinates field writes it: "latitude, longitude", six decimals, wrapped. */
export function lngLatToCoordinates([longitude, latitude]: LngLat): string {
  const lat = round(Math.min(90, Math.max(-90, latitude)), COORDINATE_DECIMALS);
  let lng = round(wrapLongitude(longitude), COORDINATE_DECIMALS);
  // Rounding can land exactly on 180 again; the contract accepts ±180, but one spelling keeps diffs quiet.
  if (lng === 180) lng = -180;
  return formatCoordinates(lat, lng);
}

/** The box around the points, padded so a route of one point (or a straight line) still frames a street. */
export function boundsOf(points: readonly LngLat[]): Bounds | null {
  if (points.length === 0) return null;
  let [minLng, minLat] = points[0] as LngLat;
  let [maxLng, maxLat] = [minLng, minLat];
  for (const [lng, lat] of points) {
    minLng = Math.min(minLng, lng);
    maxLng = Math.max(maxLng, lng);
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
  }
  const pad = 0.002;
  return [
    [minLng - pad, minLat - pad],
    [maxLng + pad, maxLat + pad],
  ];
}
