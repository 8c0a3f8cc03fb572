import type { GeofencingZoneKind } from '@fleetdesk/contracts';

/** A zone's colour on the map and its swatch in the list: go (green), stop (red), careful (amber). */
export const zoneColors: Record<GeofencingZoneKind, string> = {
  'operating-area': '#389e0d',
  'no-parking': '#cf1322',
  slow: '#d48806',
};

/** Station sites on the zone map, for orientation only. */
export const STATION_COLOR = '#0958d9';
