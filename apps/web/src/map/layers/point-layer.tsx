import type { FeatureCollection, Point } from 'geojson';
import type { MapLayerMouseEvent } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { Layer, Source, useMap } from 'react-map-gl/maplibre';
import type { LngLat } from '../map-geo.ts';

export interface MapPoint {
  id: string;
  position: LngLat;
  color: string;
}

export interface PointLayerProps {
  /** Unique on the map: the source and layer ids derive from it. */
  id?: string;
  points: readonly MapPoint[];
  onSelect?: (id: string) => void;
  /** Circle radius in pixels. */
  radius?: number;
}

/**
 * Many positions as coloured dots drawn by the GPU (thousands stay smooth while panning), clickable. For
 * groups with counts use ClusterMarkers; for one pin PointMarker.
 */
export function PointLayer({ id = 'points', points, onSelect, radius = 6 }: PointLayerProps) {
  const { current: map } = useMap();
  const data = useMemo<FeatureCollection<Point, { id: string; color: string }>>(
    () => ({
      type: 'FeatureCollection',
      features: points.map((p) => ({
        type: 'Feature',
        properties: { id: p.id, color: p.color },
        geometry: { type: 'Point', coordinates: [p.position[0], p.position[1]] },
      })),
    }),
    [points],
  );

  const layerId = `${id}-circle`;
  useEffect(() => {
    if (!map || !onSelect) return;
    const instance = map.getMap();
    const click = (event: MapLayerMouseEvent) => {
      const picked = event.features?.[0]?.properties?.id;
      if (typeof picked === 'string') onSelect(picked);
    };
    const enter = () => {
      instance.getCanvas().style.cursor = 'pointer';
    };
    const leave = () => {
      instance.getCanvas().style.cursor = '';
    };
    instance.on('click', layerId, click);
    instance.on('mouseenter', layerId, enter);
    instance.on('mouseleave', layerId, leave);
    return () => {
      instance.off('click', layerId, click);
      instance.off('mouseenter', layerId, enter);
      instance.off('mouseleave', layerId, leave);
    };
  }, [map, onSelect, layerId]);

  return (
    <Source id={id} type="geojson" data={data}>
      <Layer
        id={layerId}
        type="circle"
        paint={{
          'circle-color': ['get', 'color'],
          'circle-radius': radius,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1.5,
        }}
      />
    </Source>
  );
}
