/// <reference types="vite/client" />

/** Set by the server's /config.js before the bundle runs; every field is optional. */
interface FleetdeskRuntimeConfig {
  apiOrigin?: string;
  /** A MapLibre style URL for the maps (key already in it); absent → the offline base map. */
  mapStyleUrl?: string;
}

interface Window {
  __FLEETDESK_CONFIG__?: FleetdeskRuntimeConfig;
}
