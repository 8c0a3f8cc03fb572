import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { reminderPaths } from './paths.ts';

/**
 * Reminder → Timers, Reset rules, Asset-timer groups. All three belong to their partner; a group's assets to the
 * asset's partner. The reminder logs live in features/reminder-logs.
 */
export const reminderRoutes: FeatureRoute[] = [
  {
    path: reminderPaths.timerList,
    page: () => import('./pages/timer-list.page.tsx'),
    meta: { requires: requires('work_reminder.read') },
  },
  {
    path: reminderPaths.timerNew,
    page: () => import('./pages/timer-form.page.tsx'),
    meta: { requires: requires('work_reminder.write') },
  },
  {
    path: reminderPaths.timerEdit,
    page: () => import('./pages/timer-form.page.tsx'),
    meta: { requires: requires('work_reminder.write') },
  },
  {
    path: reminderPaths.timerDetail,
    page: () => import('./pages/timer-detail.page.tsx'),
    meta: { requires: requires('work_reminder.read') },
  },
  {
    path: reminderPaths.resetRuleList,
    page: () => import('./pages/reset-rule-list.page.tsx'),
    meta: { requires: requires('work_reminder.read') },
  },
  {
    path: reminderPaths.resetRuleNew,
    page: () => import('./pages/reset-rule-form.page.tsx'),
    meta: { requires: requires('work_reminder.write') },
  },
  {
    path: reminderPaths.resetRuleEdit,
    page: () => import('./pages/reset-rule-form.page.tsx'),
    meta: { requires: requires('work_reminder.write') },
  },
  {
    path: reminderPaths.groupList,
    page: () => import('./pages/group-list.page.tsx'),
    meta: { requires: requires('work_reminder.read') },
  },
  {
    path: reminderPaths.groupNew,
    page: () => import('./pages/group-new.page.tsx'),
    meta: { requires: requires('work_reminder.write') },
  },
  {
    path: reminderPaths.groupDetail,
    page: () => import('./pages/group-detail.page.tsx'),
    meta: { requires: requires('work_reminder.read') },
  },
  {
    path: reminderPaths.groupAssets,
    page: () => import('./pages/group-detail.page.tsx'),
    meta: { requires: requires('work_reminder.read') },
  },
];
