import type { FeatureCollection, Polygon } from 'geojson';
import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import type { LngLat } from '../map-geo.ts';

export interface MapPolygon {
  /** Outline, open or closed. */
  ring: readonly LngLat[];
  color: string;
  /** Drawn stronger (the one selected in a list beside the map). */
  highlighted?: boolean;
}

export interface PolygonsLayerProps {
  /** Unique on the map: the source and layer ids derive from it. */
  id?: string;
  polygons: readonly MapPolygon[];
}

const closed = (ring: readonly LngLat[]): number[][] => {
  const points = ring.map(([lng, lat]) => [lng, lat]);
  const first = points[0];
  const last = points.at(-1);
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) points.push([...first]);
  return points;
};

/** Polygons each in its own colour (geofencing zones by kind), in one source: one fill and one outline layer. */
export function PolygonsLayer({ id = 'polygons', polygons }: PolygonsLayerProps) {
  const data = useMemo<FeatureCollection<Polygon, { color: string; highlighted: boolean }>>(
    () => ({
      type: 'FeatureCollection',
      features: polygons
        .filter((p) => p.ring.length >= 3)
        .map((p) => ({
          type: 'Feature',
          properties: { color: p.color, highlighted: Boolean(p.highlighted) },
          geometry: { type: 'Polygon', coordinates: [closed(p.ring)] },
        })),
    }),
    [polygons],
  );
  return (
    <Source id={id} type="geojson" data={data}>
      <Layer
        id={`${id}-fill`}
        type="fill"
        paint={{ 'fill-color': ['get', 'color'], 'fill-opacity': ['case', ['get', 'highlighted'], 0.32, 0.16] }}
      />
      <Layer
        id={`${id}-outline`}
        type="line"
        paint={{ 'line-color': ['get', 'color'], 'line-width': ['case', ['get', 'highlighted'], 3.5, 2] }}
      />
    </Source>
  );
}
