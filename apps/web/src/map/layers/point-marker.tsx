import { Marker, type MarkerDragEvent } from 'react-map-gl/maplibre';
import { overlayColors } from '../map-colors.ts';
import type { LngLat } from '../map-geo.ts';

export interface PointMarkerProps {
  position: LngLat;
  /** With it the marker can be dragged; called once, where it is dropped. */
  onMove?: (point: LngLat) => void;
  color?: string;
}

/**
 * One position on the map (a site, a selected asset): maplibre's default pin, whose own offset puts the tip
 * (not the element's bottom, which is its shadow) on the position. Optionally draggable.
 */
export function PointMarker({ position, onMove, color = overlayColors.outline }: PointMarkerProps) {
  return (
    <Marker
      longitude={position[0]}
      latitude={position[1]}
      color={color}
      draggable={Boolean(onMove)}
      // A click on the pin is not a pick on the map beneath it (that would nudge the position by the pin's height).
      onClick={(event) => event.originalEvent.stopPropagation()}
      onDragEnd={onMove ? (event: MarkerDragEvent) => onMove([event.lngLat.lng, event.lngLat.lat]) : undefined}
    />
  );
}
