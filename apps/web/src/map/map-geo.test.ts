import { parseCoordinates } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  circleBounds,
  circlePolygon,
  circleRing,
  coordinatesToLngLat,
  destination,
  distance,
  EARTH_RADIUS_M,
  type LngLat,
  lngLatToCoordinates,
  wrapLongitude,
} from './map-geo.ts';

const milan: LngLat = [9.19, 45.4642];
const metresPerDegreeLat = (Math.PI * EARTH_RADIUS_M) / 180;

/** Shoelace sum: positive for a counter-clockwise ring in lng/lat. */
const signedArea = (ring: LngLat[]) =>
  ring.slice(0, -1).reduce((sum, [x1, y1], i) => {
    const [x2, y2] = ring[i + 1] as LngLat;
    return sum + (x1 * y2 - x2 * y1);
  }, 0) / 2;

describe('circleRing', () => {
  it('puts every vertex at the radius from the centre, on the sphere', () => {
    for (const radius of [1, 60, 150, 5_000, 100_000]) {
      const ring = circleRing(milan, radius);
      for (const point of ring) expect(distance(milan, point)).toBeCloseTo(radius, radius < 10 ? 6 : 3);
    }
  });

  it('is a closed ring of steps + 1 points, counter-clockwise', () => {
    const ring = circleRing(milan, 100, 32);
    expect(ring).toHaveLength(33);
    expect(ring[32]).toEqual(ring[0]);
    expect(signedArea(ring)).toBeGreaterThan(0);
  });

  it('starts due north: the latitude grows by radius / R, longitude unchanged', () => {
    const [north] = circleRing(milan, 1_000);
    expect(north?.[0]).toBeCloseTo(milan[0], 9);
    expect(north?.[1]).toBeCloseTo(milan[1] + 1_000 / metresPerDegreeLat, 9);
  });

  it('is wider in degrees of longitude than of latitude away from the equator (not a screen circle)', () => {
    const [[west, south], [east, north]] = circleBounds([10, 60], 10_000);
    // At 60° a degree of longitude is half as long, so the circle spans about twice as many degrees.
    expect((east - west) / (north - south)).toBeCloseTo(2, 1);
    const [[w0, s0], [e0, n0]] = circleBounds([10, 0], 10_000);
    expect((e0 - w0) / (n0 - s0)).toBeCloseTo(1, 3);
  });

  it('stays continuous across the antimeridian instead of tearing the polygon', () => {
    const ring = circleRing([179.99, -16.5], 5_000);
    for (let i = 1; i < ring.length; i++) {
      expect(Math.abs((ring[i] as LngLat)[0] - (ring[i - 1] as LngLat)[0])).toBeLessThan(1);
    }
    expect(Math.max(...ring.map((p) => p[0]))).toBeGreaterThan(180);
  });

  it('refuses a radius that is not a positive number and too few steps', () => {
    expect(() => circleRing(milan, 0)).toThrow(RangeError);
    expect(() => circleRing(milan, -5)).toThrow(RangeError);
    expect(() => circleRing(milan, Number.NaN)).toThrow(RangeError);
    expect(() => circleRing(milan, 10, 2)).toThrow(RangeError);
  });

  it('has no NaN near a pole', () => {
    for (const point of circleRing([0, 89.9999], 50_000)) {
      expect(Number.isFinite(point[0]) && Number.isFinite(point[1])).toBe(true);
    }
  });
});

describe('circlePolygon and circleBounds', () => {
  it('wraps the ring as a GeoJSON polygon feature', () => {
    const feature = circlePolygon(milan, 120, 16);
    expect(feature.type).toBe('Feature');
    expect(feature.geometry.type).toBe('Polygon');
    expect(feature.geometry.coordinates[0]).toHaveLength(17);
  });

  it('bounds the circle tightly: north/south edges at the radius', () => {
    const [[west, south], [east, north]] = circleBounds(milan, 100);
    expect(distance(milan, [milan[0], north])).toBeCloseTo(100, 3);
    expect(distance(milan, [milan[0], south])).toBeCloseTo(100, 3);
    expect(west).toBeLessThan(milan[0]);
    expect(east).toBeGreaterThan(milan[0]);
    expect(distance(milan, [east, milan[1]])).toBeGreaterThan(99.9);
  });
});

describe('destination and distance', () => {
  it('agree with each other in every direction', () => {
    for (const bearing of [0, 45, 90, 135, 180, 270, 333]) {
      expect(distance(milan, destination(milan, 2_500, bearing))).toBeCloseTo(2_500, 4);
    }
  });

  it('measures a known distance: Milan Duomo to Barcelona Sagrada Família ≈ 725 km', () => {
    expect(distance([9.1919, 45.4641], [2.1744, 41.4036]) / 1000).toBeCloseTo(725, -1);
  });
});

describe('coordinates text', () => {
  it('writes "latitude, longitude" with six decimals', () => {
    expect(lngLatToCoordinates([9.190000123, 45.46421987])).toBe('45.46422, 9.19');
    expect(lngLatToCoordinates([-3.7037902, 40.4167754])).toBe('40.416775, -3.70379');
  });

  it('wraps a point picked on a repeated world copy and never writes -0', () => {
    expect(lngLatToCoordinates([369.19, 45.4642])).toBe('45.4642, 9.19');
    expect(lngLatToCoordinates([-350.81, 45.4642])).toBe('45.4642, 9.19');
    expect(lngLatToCoordinates([-0.0000001, 0.0000001])).toBe('0, 0');
    expect(lngLatToCoordinates([180, 10])).toBe('10, -180');
  });

  it('writes only what the contract accepts, and reads back the same point', () => {
    for (const point of [milan, [2.1744, 41.4036], [126.978, 37.5665], [-179.9999996, -89.99999999]] as LngLat[]) {
      const text = lngLatToCoordinates(point);
      expect(parseCoordinates(text)).not.toBeNull();
      const back = coordinatesToLngLat(text) as LngLat;
      expect(back[0]).toBeCloseTo(wrapLongitude(point[0]), 5);
      expect(back[1]).toBeCloseTo(point[1], 5);
    }
  });

  it('reads typed coordinates longitude first, and nothing from blank or bad text', () => {
    expect(coordinatesToLngLat(' 45.4642 ,9.19 ')).toEqual([9.19, 45.4642]);
    expect(coordinatesToLngLat('')).toBeNull();
    expect(coordinatesToLngLat(undefined)).toBeNull();
    expect(coordinatesToLngLat('45.4642')).toBeNull();
    expect(coordinatesToLngLat('91, 9')).toBeNull();
    expect(coordinatesToLngLat('45, 181')).toBeNull();
  });

  it('wraps longitudes into [-180, 180)', () => {
    expect(wrapLongitude(190)).toBe(-170);
    expect(wrapLongitude(-190)).toBe(170);
    expect(wrapLongitude(720 + 12.5)).toBeCloseTo(12.5, 9);
    expect(wrapLongitude(-180)).toBe(-180);
  });
});
