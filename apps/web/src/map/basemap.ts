import type { StyleSpecification } from 'maplibre-gl';

/**
 * Which base map the page's maps draw on: the street style the server names (MAP_STYLE_URL, by default
 * OpenFreeMap's), or the atlas shipped with the console when none is named (MAP_STYLE_URL=offline) or the named
 * one cannot be loaded (no internet, a tile server down, a firewall that swallows the request).
 */
export type Basemap =
  | { kind: 'street'; style: StyleSpecification }
  | { kind: 'atlas'; reason: 'configured' | 'unavailable' };

/**
 * How long a map waits for the street style before drawing the atlas instead. A reachable server answers in well
 * under a second; a network that drops packets (rather than refusing them) would otherwise hold the map in
 * "Loading" for the browser's own timeout, minutes.
 */
export const STYLE_TIMEOUT_MS = 4000;

type FetchStyle = (url: string, init: RequestInit) => Promise<Response>;

const isStyle = (value: unknown): value is StyleSpecification =>
  typeof value === 'object' &&
  value !== null &&
  (value as { version?: unknown }).version === 8 &&
  typeof (value as { sources?: unknown }).sources === 'object' &&
  Array.isArray((value as { layers?: unknown }).layers);

/**
 * Fetches and checks the style once. Not through shared/http.ts: that adds the console's bearer token and error
 * toasts, neither of which belongs on another server's map style (the same reason maplibre fetches its tiles
 * itself). A style that fails is never an error for the user: the map falls back and says so in its attribution.
 */
export async function loadBasemap(
  styleUrl: string | undefined,
  fetchStyle: FetchStyle = (url, init) => fetch(url, init),
  timeoutMs = STYLE_TIMEOUT_MS,
): Promise<Basemap> {
  if (!styleUrl) return { kind: 'atlas', reason: 'configured' };
  try {
    const response = await fetchStyle(styleUrl, {
      signal: AbortSignal.timeout(timeoutMs),
      credentials: 'omit',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) {
      // Read the (small) error body: unread, a response the browser may not cache (no-store) stays open until the
      // timeout above aborts it.
      await response.arrayBuffer().catch(() => undefined);
      throw new Error(`map style ${styleUrl}: HTTP ${response.status}`);
    }
    const style: unknown = await response.json();
    if (!isStyle(style)) throw new Error(`map style ${styleUrl}: not a MapLibre style (version 8)`);
    return { kind: 'street', style };
  } catch (error) {
    console.warn('map: street style unavailable, drawing the offline atlas:', error);
    return { kind: 'atlas', reason: 'unavailable' };
  }
}

let chosen: Promise<Basemap> | null = null;

/**
 * The page's base map, decided once by the first map shown: every later map opens straight on it instead of
 * waiting for a server that already failed. A reload tries the street style again.
 */
export function pageBasemap(): Promise<Basemap> {
  chosen ??= loadBasemap(window.__FLEETDESK_CONFIG__?.mapStyleUrl);
  return chosen;
}

/**
 * Fewer failures could be one unlucky request; more would leave the user looking at an empty street map while
 * they pile up. maplibre reports network failures of tiles and of the style's TileJSON, never a tile's 404 (a
 * self-hosted extract has none outside its region), so a failure here means the tile server is out of reach.
 */
export const STREET_TILE_FAILURES = 3;

/**
 * Watches one map drawing the street style: the style loaded, but its tiles may not (the style came from the
 * browser's cache on a laptop gone offline, or the tiles live on another server that is down). Once any tile
 * loads the street map stays, whatever fails later; until then, STREET_TILE_FAILURES failures give it up.
 */
export function streetTileWatch(limit = STREET_TILE_FAILURES) {
  let loaded = false;
  let failures = 0;
  return {
    tileLoaded() {
      loaded = true;
    },
    /** Counts a failure; true when the street map is to be given up for the atlas. */
    tileFailed(): boolean {
      failures += 1;
      return !loaded && failures >= limit;
    },
  };
}

/** Gives the street map up for the rest of the page: this map and every later one draw the atlas. */
export function giveUpStreetMap(): Basemap {
  const atlas: Basemap = { kind: 'atlas', reason: 'unavailable' };
  console.warn("map: the street map's tiles cannot be loaded, drawing the offline atlas");
  chosen = Promise.resolve(atlas);
  return atlas;
}
