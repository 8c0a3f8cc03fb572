import type { Feature, LineString } from 'geojson';
import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { overlayColors } from '../map-colors.ts';
import type { LngLat } from '../map-geo.ts';

export interface RouteLineProps {
  /** Unique on the map: the source and layer ids derive from it (several routes may share a map). */
  id: string;
  /** The route's points in time order, longitude first. */
  points: readonly LngLat[];
  color?: string;
  width?: number;
}

/** A trip's route: a line through its points, with a pale casing so it reads on any base map. */
export function RouteLine({ id, points, color = overlayColors.outline, width = 4 }: RouteLineProps) {
  const data = useMemo<Feature<LineString>>(
    () => ({
      type: 'Feature',
      properties: {},
      geometry: { type: 'LineString', coordinates: points.map((p) => [...p]) },
    }),
    [points],
  );
  if (points.length < 2) return null;
  return (
    <Source id={id} type="geojson" data={data}>
      <Layer
        id={`${id}-casing`}
        type="line"
        layout={{ 'line-join': 'round', 'line-cap': 'round' }}
        paint={{ 'line-color': '#ffffff', 'line-width': width + 3, 'line-opacity': 0.85 }}
      />
      <Layer
        id={`${id}-line`}
        type="line"
        layout={{ 'line-join': 'round', 'line-cap': 'round' }}
        paint={{ 'line-color': color, 'line-width': width }}
      />
    </Source>
  );
}
