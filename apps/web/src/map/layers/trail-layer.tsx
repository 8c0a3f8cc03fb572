import type { FeatureCollection, LineString, Point } from 'geojson';
import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { overlayColors } from '../map-colors.ts';
import type { LngLat } from '../map-geo.ts';

export interface TrailLayerProps {
  id?: string;
  /** The trail's fixes in time order, longitude first. */
  points: readonly LngLat[];
  /** How many of the points (from the first) are drawn: a time slider shows the trail up to a moment. */
  upTo?: number;
  color?: string;
}

/**
 * An asset's trail: the line through its fixes and a dot at each fix, so gaps and stops show; the latest drawn
 * fix is marked larger.
 */
export function TrailLayer({
  id = 'trail',
  points,
  upTo = points.length,
  color = overlayColors.outline,
}: TrailLayerProps) {
  const data = useMemo<FeatureCollection<LineString | Point>>(() => {
    const shown = points.slice(0, Math.max(0, upTo)).map((p) => [...p]);
    return {
      type: 'FeatureCollection',
      features: [
        ...(shown.length > 1
          ? [
              {
                type: 'Feature' as const,
                properties: { kind: 'line' },
                geometry: { type: 'LineString' as const, coordinates: shown },
              },
            ]
          : []),
        ...shown.map((coordinates, i) => ({
          type: 'Feature' as const,
          properties: { kind: i === shown.length - 1 ? 'head' : 'fix' },
          geometry: { type: 'Point' as const, coordinates },
        })),
      ],
    };
  }, [points, upTo]);
  return (
    <Source id={id} type="geojson" data={data}>
      <Layer
        id={`${id}-line`}
        type="line"
        filter={['==', ['get', 'kind'], 'line']}
        layout={{ 'line-join': 'round', 'line-cap': 'round' }}
        paint={{ 'line-color': color, 'line-width': 3, 'line-opacity': 0.8 }}
      />
      <Layer
        id={`${id}-fixes`}
        type="circle"
        filter={['==', ['get', 'kind'], 'fix']}
        paint={{
          'circle-radius': 2.5,
          'circle-color': '#ffffff',
          'circle-stroke-color': color,
          'circle-stroke-width': 1.5,
        }}
      />
      <Layer
        id={`${id}-head`}
        type="circle"
        filter={['==', ['get', 'kind'], 'head']}
        paint={{
          'circle-radius': 7,
          'circle-color': color,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        }}
      />
    </Source>
  );
}
