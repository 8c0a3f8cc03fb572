import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { alarmPaths } from './paths.ts';

/** Asset → Alarms: the inbox of device alarms. */
export const alarmRoutes: FeatureRoute[] = [
  {
    path: alarmPaths.list,
    page: () => import('./pages/alarm-list.page.tsx'),
    meta: { requires: requires('asset.read') },
  },
];
