/// <reference types="vite/client" />

/** Set by the server's /config.js before the bundle runs; every field is optional. */
interface FleetdeskRuntimeConfig {
  apiOrigin?: string;
  /**
   * The street map's MapLibre style URL (MAP_STYLE_URL, key already in it), tried first; absent
   * (MAP_STYLE_URL=offline) → the offline atlas. map/basemap.ts falls back to the atlas when it cannot be loaded.
   */
  mapStyleUrl?: string;
}

interface Window {
  __FLEETDESK_CONFIG__?: FleetdeskRuntimeConfig;
}
