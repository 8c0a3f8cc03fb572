import type { FeatureCollection, Geometry, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { cutLine, cutPolygon } from './antimeridian.ts';

/**
 * The base map's geography, from world-atlas (Natural Earth 1:50m, public domain) shipped with the console:
 * no tile server, no request leaving the console's own origin. 1:50m keeps coastlines recognisable down
 * to city level (~756 kB, ~236 kB gzipped) and is loaded as its own chunk only when a map is first shown.
 */
export interface Atlas {
  countries: FeatureCollection<Geometry, { name: string }>;
  /** Land borders between two countries (drawn dashed), without the coastline. */
  borders: FeatureCollection<MultiLineString>;
  /** Coastline: arcs that belong to one country only. */
  coast: FeatureCollection<MultiLineString>;
}

type Countries = Topology<{ countries: GeometryCollection<{ name: string }>; land: GeometryCollection }>;

let loading: Promise<Atlas> | null = null;

/** Converts once per page load; every map and every layer asking for it shares the result. */
export function loadAtlas(): Promise<Atlas> {
  loading ??= import('world-atlas/countries-50m.json')
    .then((module) => toAtlas(module.default as unknown as Countries))
    .catch((error: unknown) => {
      // A failed chunk load (console redeployed, offline) may succeed on the next map.
      loading = null;
      throw error;
    });
  return loading;
}

const lines = (geometry: MultiLineString): FeatureCollection<MultiLineString> => ({
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: {}, geometry: { ...geometry, coordinates: geometry.coordinates.flatMap(cutLine) } },
  ],
});

/**
 * A country's shape for a flat map: its polygons cut at the antimeridian (see antimeridian.ts). topojson gives
 * null, whatever its type says, for an object without geometry: that passes through.
 */
function flatShape(geometry: Geometry): Geometry {
  if (geometry?.type === 'Polygon') return { type: 'MultiPolygon', coordinates: cutPolygon(geometry.coordinates) };
  if (geometry?.type === 'MultiPolygon') return { ...geometry, coordinates: geometry.coordinates.flatMap(cutPolygon) };
  return geometry;
}

/** TopoJSON → the GeoJSON collections the map's sources take, cut at the antimeridian for a flat map. */
export function toAtlas(topology: Countries): Atlas {
  const countries = topology.objects.countries;
  const spherical = feature(topology, countries) as FeatureCollection<Geometry, { name: string }>;
  return {
    countries: {
      ...spherical,
      features: spherical.features.map((country) => ({ ...country, geometry: flatShape(country.geometry) })),
    },
    borders: lines(mesh(topology, countries, (a, b) => a !== b)),
    coast: lines(mesh(topology, countries, (a, b) => a === b)),
  };
}
