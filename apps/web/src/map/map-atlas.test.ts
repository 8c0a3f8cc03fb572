import type { MultiPolygon, Polygon, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import worldAtlas from 'world-atlas/countries-50m.json';
import { toAtlas } from './map-atlas.ts';

// The real data, not a sample: the wedge came from three rings among thousands.
const atlas = toAtlas(worldAtlas as unknown as Parameters<typeof toAtlas>[0]);

const polygonsOf = (geometry: Polygon | MultiPolygon) =>
  geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;

/** Even–odd ray casting on flat longitude/latitude, the way maplibre fills a polygon. */
function inRings(rings: Position[][], [x, y]: [number, number]): boolean {
  let inside = false;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as [number, number];
      const [xj, yj] = ring[j] as [number, number];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  return inside;
}

/** The countries a flat map fills at this point. */
const countriesAt = (point: [number, number]) =>
  atlas.countries.features
    .filter((country) => country.geometry)
    .filter((country) => polygonsOf(country.geometry as Polygon | MultiPolygon).some((rings) => inRings(rings, point)))
    .map((country) => country.properties.name);

/** Longitude steps between neighbours, but along a pole: there a flat map's edge is the whole width, rightly. */
const steps = (line: Position[]) =>
  line.slice(1).flatMap((point, i) => {
    const previous = line[i] as Position;
    const atPole = Math.abs(point[1] as number) === 90 && point[1] === previous[1];
    return atPole ? [] : [Math.abs((point[0] as number) - (previous[0] as number))];
  });

describe('the offline atlas on a flat map', () => {
  it('fills no land over the North Atlantic, the Arctic or the South Pacific (the wedge of issue 21)', () => {
    // Norwegian Sea, north of Iceland, the Greenland Sea at Wrangel Island's latitude, the Atlantic at Fiji's.
    for (const sea of [
      [0, 67],
      [-20, 68],
      [0, 71.2],
      [-20, -16.5],
    ] as [number, number][])
      expect({ sea, countries: countriesAt(sea) }).toEqual({ sea, countries: [] });
  });

  it('keeps the land on both sides of the antimeridian and Antarctica down to the pole', () => {
    expect(countriesAt([170, 67])).toEqual(['Russia']);
    expect(countriesAt([-175, 67])).toEqual(['Russia']);
    expect(countriesAt([-179.5, 71.2])).toEqual(['Russia']);
    expect(countriesAt([0, -80])).toEqual(['Antarctica']);
    expect(countriesAt([0, -86])).toEqual(['Antarctica']);
  });

  it('has no ring, border or coastline stepping across the antimeridian (only Antarctica closes along the pole)', () => {
    const rings = atlas.countries.features.flatMap((country) =>
      country.geometry ? polygonsOf(country.geometry as Polygon | MultiPolygon).flat() : [],
    );
    const lines = [...atlas.coast.features, ...atlas.borders.features].flatMap((f) => f.geometry.coordinates);
    const longest = [...rings, ...lines].flatMap(steps).reduce((max, step) => Math.max(max, step), 0);
    expect(longest).toBeLessThan(180);
  });

  it('winds every outer ring the same way, so the map tells outer rings from holes', () => {
    const signedArea = (ring: Position[]) =>
      ring.slice(0, -1).reduce((sum, [x1, y1], i) => {
        const [x2, y2] = ring[i + 1] as [number, number];
        return sum + ((x1 as number) * y2 - x2 * (y1 as number));
      }, 0);
    const outer = atlas.countries.features.flatMap((country) =>
      country.geometry
        ? polygonsOf(country.geometry as Polygon | MultiPolygon).map((rings) => rings[0] as Position[])
        : [],
    );
    const counterClockwise = outer.filter((ring) => signedArea(ring) > 0);
    expect(counterClockwise).toEqual([]);
  });
});
