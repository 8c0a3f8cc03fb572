import type { FeatureCollection, Polygon } from 'geojson';
import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { overlayColors } from '../map-colors.ts';
import { circlePolygon, type LngLat } from '../map-geo.ts';

export interface FencesLayerProps {
  /** Unique on the map: the source and layer ids derive from it. */
  id?: string;
  fences: readonly { center: LngLat; radius: number }[];
}

/**
 * Many geofences in one source (the sites on the asset map): one fill and one outline layer whatever their
 * number, where a FenceLayer each would add two layers per site.
 */
export function FencesLayer({ id = 'fences', fences }: FencesLayerProps) {
  const data = useMemo<FeatureCollection<Polygon>>(
    () => ({ type: 'FeatureCollection', features: fences.map((f) => circlePolygon(f.center, f.radius)) }),
    [fences],
  );
  return (
    <Source id={id} type="geojson" data={data}>
      <Layer id={`${id}-fill`} type="fill" paint={{ 'fill-color': overlayColors.fill, 'fill-opacity': 0.08 }} />
      <Layer
        id={`${id}-outline`}
        type="line"
        paint={{
          'line-color': overlayColors.outline,
          'line-width': 1.5,
          'line-opacity': 0.7,
          'line-dasharray': [2, 2],
        }}
      />
    </Source>
  );
}
