import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { intentPaths } from './paths.ts';

const listPage = () => import('./pages/intent-list.page.tsx');
// The menu stays open: at /renting/order/intent/list it shows the list under "Order List".
const meta = { requires: requires('renting_intent.read') };

/** B2C → Intent List, and the same list among the renting order routes (document 1 §2.3). */
export const rentingIntentRoutes: FeatureRoute[] = [
  { path: intentPaths.list, page: listPage, meta },
  { path: intentPaths.orderIntentList, page: listPage, meta },
];
