import type { GbfsSettings, GbfsSettingsInput, GeofencingZoneKind } from '@fleetdesk/contracts';
import type { LngLat } from '../../../map/map-geo.ts';
import { type FieldError, serverFieldsToFieldErrors } from '../../../shared/ui/form-errors.ts';

/** One store's link in the form: both fields empty means the app is not listed. */
export interface AppLinkValues {
  storeUri: string;
  discoveryUri: string;
}

/** Every station site of the partner, published or not (the form shows them all; the input lists the published). */
export interface StationValues {
  siteId: string;
  name: string;
  hasCoordinates: boolean;
  published: boolean;
  capacity: number | null;
}

export interface ZoneValues {
  id?: string;
  name: string;
  kind: GeofencingZoneKind;
  maxSpeedKph: number | null;
  ring: LngLat[];
}

/** What the Open data form holds. */
export interface GbfsFormValues {
  enabled: boolean;
  feedContactEmail: string;
  openingHours: string;
  rentalApps: { android: AppLinkValues; ios: AppLinkValues };
  stations: StationValues[];
  zones: ZoneValues[];
}

export const DEFAULT_OPENING_HOURS = '24/7';

const noApp: AppLinkValues = { storeUri: '', discoveryUri: '' };

export function toFormValues(settings: GbfsSettings): GbfsFormValues {
  return {
    enabled: settings.enabled,
    feedContactEmail: settings.feedContactEmail ?? '',
    openingHours: settings.openingHours || DEFAULT_OPENING_HOURS,
    rentalApps: {
      android: settings.rentalApps.android ?? noApp,
      ios: settings.rentalApps.ios ?? noApp,
    },
    stations: settings.stations.map((s) => ({ ...s })),
    zones: settings.zones.map((z) => ({ ...z, ring: z.ring.map(([lng, lat]) => [lng, lat] as LngLat) })),
  };
}

const appOf = (app: AppLinkValues | undefined) => {
  const storeUri = app?.storeUri?.trim() ?? '';
  const discoveryUri = app?.discoveryUri?.trim() ?? '';
  return storeUri || discoveryUri ? { storeUri, discoveryUri } : null;
};

/** The PUT body: the whole publication, since the zones and stations sent replace the current ones. */
export function toInput(values: GbfsFormValues): GbfsSettingsInput {
  return {
    enabled: values.enabled,
    feedContactEmail: values.feedContactEmail?.trim() ?? '',
    openingHours: values.openingHours?.trim() || DEFAULT_OPENING_HOURS,
    rentalApps: { android: appOf(values.rentalApps?.android), ios: appOf(values.rentalApps?.ios) },
    stations: (values.stations ?? [])
      .filter((s) => s.published)
      .map((s) => ({ siteId: s.siteId, capacity: s.capacity ?? null })),
    zones: (values.zones ?? []).map((z) => ({
      ...(z.id ? { id: z.id } : {}),
      name: z.name,
      kind: z.kind,
      // Only a slow zone has a limit; a zone changed from slow to another kind drops it.
      maxSpeedKph: z.kind === 'slow' ? (z.maxSpeedKph ?? null) : null,
      ring: z.ring,
    })),
  };
}

/**
 * The server's field errors on the form's fields. Its `stations.N` counts the published stations only (the
 * input lists no others), so N is turned back into the site's row; a station's siteId error shows on its
 * publish box. Errors without a field of their own (`zones`: too many) come back as form-level messages.
 */
export function placeServerErrors(
  fields: Record<string, string>,
  values: GbfsFormValues,
): { fields: FieldError[]; form: string[] } {
  const published = (values.stations ?? []).map((s, row) => ({ s, row })).filter(({ s }) => s.published);
  const placed = serverFieldsToFieldErrors(fields).map((error) => {
    const [head, index, field] = error.name;
    if (head !== 'stations' || typeof index !== 'number') return error;
    const row = published[index]?.row ?? index;
    return { ...error, name: ['stations', row, field === 'siteId' ? 'published' : (field ?? 'published')] };
  });
  const listLevel = (e: FieldError) => e.name.length === 1 && (e.name[0] === 'zones' || e.name[0] === 'stations');
  return {
    fields: placed.filter((e) => !listLevel(e)),
    form: placed.filter(listLevel).flatMap((e) => e.errors),
  };
}
