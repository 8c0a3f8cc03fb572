import type { TripWithRoute } from '@fleetdesk/contracts';
import { useMemo } from 'react';
import { PointMarker } from '../../../map/layers/point-marker.tsx';
import { RouteLine } from '../../../map/layers/route-line.tsx';
import { FitBounds } from '../../../map/map-camera.tsx';
import { boundsOf, type LngLat } from '../../../map/map-geo.ts';
import { MapView } from '../../../map/map-view.tsx';
import { lngLatOf, routePoints } from './trip-format.ts';

export const START_COLOR = '#389e0d';
export const END_COLOR = '#cf1322';

export interface TripMapProps {
  label: string;
  trips: readonly { trip: TripWithRoute; color: string }[];
  height: number;
}

/**
 * Routes on the console's map: each trip a line in its colour; one trip also gets green start and red end pins,
 * several get a pin in their colour where each ended. The camera frames every route.
 */
export function TripMap({ label, trips, height }: TripMapProps) {
  const lines = useMemo(
    () =>
      trips.map(({ trip, color }) => {
        const points = routePoints(trip.route);
        // A route without fixes yet still joins where it started and where it is.
        return { id: trip.id, color, points: points.length > 1 ? points : [lngLatOf(trip.start), lngLatOf(trip.end)] };
      }),
    [trips],
  );
  const bounds = useMemo(() => boundsOf(lines.flatMap((l) => l.points as LngLat[])), [lines]);
  if (!bounds) return null;
  const single = trips.length === 1 ? trips[0] : undefined;
  return (
    <MapView label={label} initialView={{ bounds, maxZoom: 16 }} height={height}>
      {lines.map((l) => (
        <RouteLine key={l.id} id={`route-${l.id}`} points={l.points} color={l.color} />
      ))}
      {single ? (
        <>
          <PointMarker position={lngLatOf(single.trip.start)} color={START_COLOR} />
          <PointMarker position={lngLatOf(single.trip.end)} color={END_COLOR} />
        </>
      ) : (
        trips.map(({ trip, color }) => <PointMarker key={trip.id} position={lngLatOf(trip.end)} color={color} />)
      )}
      <FitBounds bounds={bounds} />
    </MapView>
  );
}
