import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { overlayColors } from '../map-colors.ts';
import { circlePolygon, type LngLat } from '../map-geo.ts';

export interface FenceLayerProps {
  /** Unique on the map: the source and layer ids derive from it (several fences may share a map). */
  id?: string;
  center: LngLat;
  /** Metres. */
  radius: number;
}

/** A geofence: the geodesic circle of `radius` metres around `center`, filled and outlined. */
export function FenceLayer({ id = 'fence', center, radius }: FenceLayerProps) {
  const [lng, lat] = center;
  const data = useMemo(() => circlePolygon([lng, lat], radius), [lng, lat, radius]);
  return (
    <Source id={id} type="geojson" data={data}>
      <Layer id={`${id}-fill`} type="fill" paint={{ 'fill-color': overlayColors.fill, 'fill-opacity': 0.16 }} />
      <Layer
        id={`${id}-outline`}
        type="line"
        paint={{ 'line-color': overlayColors.outline, 'line-width': 2, 'line-opacity': 0.9 }}
      />
    </Source>
  );
}
