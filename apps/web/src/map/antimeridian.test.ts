import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { cutLine, cutPolygon } from './antimeridian.ts';

/** Shoelace: positive for a counter-clockwise ring in lng/lat. */
const signedArea = (ring: Position[]) =>
  ring.slice(0, -1).reduce((sum, [x1, y1], i) => {
    const [x2, y2] = ring[i + 1] as [number, number];
    return sum + ((x1 as number) * y2 - x2 * (y1 as number)) / 2;
  }, 0);
const lngs = (rings: Position[][]) => rings.flat().map((point) => point[0] as number);

describe('cutPolygon', () => {
  it('leaves a polygon that does not cross the antimeridian as it is', () => {
    const square = [
      [10, 10],
      [20, 10],
      [20, 20],
      [10, 20],
      [10, 10],
    ];
    expect(cutPolygon([square])).toEqual([[square]]);
  });

  it('cuts a ring stepping from 170° to -170° into one polygon on each side, keeping its area and winding', () => {
    const across = [
      [170, 60],
      [-170, 60],
      [-170, 70],
      [170, 70],
      [170, 60],
    ];
    const polygons = cutPolygon([across]);
    expect(polygons).toHaveLength(2);
    const [east, west] = polygons.map((polygon) => polygon[0] as Position[]) as [Position[], Position[]];
    expect(Math.min(...lngs([east]))).toBe(170);
    expect(Math.max(...lngs([east]))).toBe(180);
    expect(Math.min(...lngs([west]))).toBe(-180);
    expect(Math.max(...lngs([west]))).toBe(-170);
    // Flat, the uncut ring would enclose the 340° between -170 and 170; cut, it encloses the 20° it means.
    expect(signedArea(east) + signedArea(west)).toBeCloseTo(200, 9);
    // Drawn eastwards along 60°N and back along 70°N, the ring runs counter-clockwise: so do both pieces.
    expect(signedArea(east)).toBeGreaterThan(0);
    expect(signedArea(west)).toBeGreaterThan(0);
  });

  it('closes a ring round the south pole over the pole', () => {
    const ring = [
      [-180, -70],
      [-60, -70],
      [60, -70],
      [180, -70],
    ];
    const polygons = cutPolygon([ring]);
    const lats = polygons.flat(2).map((point) => point[1]);
    expect(Math.min(...(lats as number[]))).toBe(-90);
    expect(Math.max(...(lats as number[]))).toBe(-70);
    expect(polygons.flat().reduce((sum, r) => sum + Math.abs(signedArea(r)), 0)).toBeCloseTo(360 * 20, 6);
  });

  it('drops a ring that only hugs the pole', () => {
    const pinHole = [
      [-180, -89.999],
      [60, -89.999],
      [-60, -89.999],
      [-180, -89.999],
    ];
    expect(cutPolygon([pinHole])).toEqual([]);
  });
});

describe('cutLine', () => {
  it('breaks a line where it steps across the antimeridian, each piece ending at ±180° on the crossing', () => {
    expect(
      cutLine([
        [170, 60],
        [-170, 70],
        [-160, 70],
      ]),
    ).toEqual([
      [
        [170, 60],
        [180, 65],
      ],
      [
        [-180, 65],
        [-170, 70],
        [-160, 70],
      ],
    ]);
  });

  it('drops what is left of a line that only touches the antimeridian', () => {
    expect(
      cutLine([
        [179, 10],
        [-180, 10],
      ]),
    ).toEqual([
      [
        [179, 10],
        [180, 10],
      ],
    ]);
  });
});
