import type { TrailPoint } from '@fleetdesk/contracts';
import type { LngLat } from '../../../map/map-geo.ts';

/** Metres as "850 m" or "3.42 km" in the interface language. */
export function formatDistance(metres: number, locale: string): string {
  const km = metres >= 1000;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: km ? 'kilometer' : 'meter',
    unitDisplay: 'short',
    maximumFractionDigits: km ? 2 : 0,
  }).format(km ? metres / 1000 : metres);
}

/** Seconds as hours, minutes and seconds, the parts the translation puts together. */
export function durationParts(seconds: number): { h: number; m: number; s: number } {
  const total = Math.max(0, Math.round(seconds));
  return { h: Math.floor(total / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 };
}

export const lngLatOf = (p: { lng: number; lat: number }): LngLat => [p.lng, p.lat];

export const routePoints = (route: readonly TrailPoint[]): LngLat[] => route.map(lngLatOf);

/** Twenty colours that stay apart on the base map, one per trip of the multi-trip page. */
export const tripPalette = [
  '#1677ff',
  '#f5222d',
  '#52c41a',
  '#fa8c16',
  '#722ed1',
  '#13c2c2',
  '#eb2f96',
  '#a0d911',
  '#2f54eb',
  '#faad14',
  '#08979c',
  '#c41d7f',
  '#389e0d',
  '#d4380d',
  '#531dab',
  '#0958d9',
  '#ad6800',
  '#cf1322',
  '#006d75',
  '#5b8c00',
] as const;

export const colorOf = (index: number): string => tripPalette[index % tripPalette.length] as string;
