import type { Requirement } from '@fleetdesk/contracts';
import type { ComponentType } from 'react';

/** What a route declares about itself; the shell and the route gate read it from the route's handle. */
export interface RouteMeta {
  /** Permission requirement (contracts' Requirement); not met → 403 page. */
  requires?: Requirement;
  /** '*' = only account users (partnerScope '*'); partner users see the partner-scope-mismatch page. */
  partnerScope?: '*';
  /** No side menu at all (full-screen map pages). */
  hideMenu?: boolean;
}

/** One page of a feature; the router lazy-loads `page` so each screen is its own chunk. */
export interface FeatureRoute {
  /** Absolute path without base, react-router syntax (`/setting/general/partner/:partnerId/edit`). */
  path: string;
  page: () => Promise<{ default: ComponentType }>;
  meta?: RouteMeta;
  /**
   * The page needs no namespace but the sign-in pages' and the console's first screen's (namespaces.ts), so it does
   * not wait for the other pages' translations: the asset dashboard, the first screen after sign-in (issue 27).
   */
  firstScreen?: boolean;
}
