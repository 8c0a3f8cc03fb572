import { Marker } from 'react-map-gl/maplibre';
import { overlayColors } from '../map-colors.ts';
import type { LngLat } from '../map-geo.ts';
import { RouteLine } from './route-line.tsx';

export interface SketchLayerProps {
  /** The outline so far, in click order. */
  points: readonly LngLat[];
  /** A click on the first point closes the outline (offered once it can be closed). */
  onClose?: () => void;
  /** The first point's accessible name when it closes the outline ("Finish the zone"). */
  closeLabel: string;
}

const vertexStyle = (first: boolean, closable: boolean) => ({
  width: first && closable ? 16 : 10,
  height: first && closable ? 16 : 10,
  borderRadius: '50%',
  background: first && closable ? overlayColors.outline : '#ffffff',
  border: `2px solid ${overlayColors.outline}`,
  cursor: first && closable ? 'pointer' : 'default',
  padding: 0,
});

/** A polygon being drawn: the line through its points so far and a dot on each; the first dot finishes it. */
export function SketchLayer({ points, onClose, closeLabel }: SketchLayerProps) {
  const closable = Boolean(onClose);
  return (
    <>
      <RouteLine id="sketch" points={closable ? [...points, points[0] as LngLat] : points} width={2} />
      {points.map(([lng, lat], index) => (
        <Marker
          // Points are only ever added or taken from the end: the index names one point for its life.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          longitude={lng}
          latitude={lat}
          onClick={(event) => {
            // A click on a point is not a new point on the map beneath it.
            event.originalEvent.stopPropagation();
            if (index === 0) onClose?.();
          }}
        >
          {index === 0 && closable ? (
            <button type="button" aria-label={closeLabel} title={closeLabel} style={vertexStyle(true, true)} />
          ) : (
            <div style={vertexStyle(false, false)} />
          )}
        </Marker>
      ))}
    </>
  );
}
