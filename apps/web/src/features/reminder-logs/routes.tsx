import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { reminderLogPaths } from './paths.ts';

/** Operation → Reminder → Asset-timer log: the log and the log centre. */
export const reminderLogRoutes: FeatureRoute[] = [
  {
    path: reminderLogPaths.log,
    page: () => import('./pages/asset-timer-log-list.page.tsx'),
    meta: { requires: requires('work_reminder.log.read') },
  },
  {
    path: reminderLogPaths.centre,
    page: () => import('./pages/asset-timer-centre.page.tsx'),
    meta: { requires: requires('work_reminder.log.read') },
  },
];
