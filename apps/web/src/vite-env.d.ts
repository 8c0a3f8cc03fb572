/// <reference types="vite/client" />

/** Set by the server's /config.js before the bundle runs; every field is optional. */
interface FleetdeskRuntimeConfig {
  apiOrigin?: string;
}

interface Window {
  __FLEETDESK_CONFIG__?: FleetdeskRuntimeConfig;
}
