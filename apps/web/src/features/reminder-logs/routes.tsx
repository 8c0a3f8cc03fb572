import { assetTimerLogEndpoints as e } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { reminderLogPaths } from './urls.ts';

/** Operation → Reminder → Asset-timer log: the log and the log centre. */
export const reminderLogRoutes: FeatureRoute[] = [
  {
    path: reminderLogPaths.log,
    page: () => import('./pages/asset-timer-log-list.page.tsx'),
    meta: { requires: requirementOf(e.list) },
  },
  {
    path: reminderLogPaths.centre,
    page: () => import('./pages/asset-timer-centre.page.tsx'),
    meta: { requires: requirementOf(e.centre) },
  },
];
