import { alarmEndpoints as e } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { alarmPaths } from './urls.ts';

/** Asset → Alarms: the inbox of device alarms. */
export const alarmRoutes: FeatureRoute[] = [
  {
    path: alarmPaths.list,
    page: () => import('./pages/alarm-list.page.tsx'),
    meta: { requires: requirementOf(e.list) },
  },
];
