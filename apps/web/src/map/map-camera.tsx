import { useEffect, useRef } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { Bounds } from './map-geo.ts';

export interface FitBoundsProps {
  /** null leaves the camera where it is. */
  bounds: Bounds | null;
  padding?: number;
  maxZoom?: number;
}

/**
 * Moves the camera to `bounds` whenever they change by value (not on every render), animated. The first
 * value is skipped: MapView's initialView already shows it.
 */
export function FitBounds({ bounds, padding = 40, maxZoom = 16 }: FitBoundsProps) {
  const { current: map } = useMap();
  const key = bounds ? bounds.flat().join(',') : '';
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is `bounds` by value; the array changes identity every render.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!map || !bounds) return;
    map.fitBounds(bounds, { padding, maxZoom, duration: 600 });
  }, [key, map, padding, maxZoom]);
  return null;
}
