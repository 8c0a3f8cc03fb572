import { assetTimerGroupEndpoints, resetRuleEndpoints, timerEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { reminderPaths } from './urls.ts';

/**
 * Reminder → Timers, Reset rules, Asset-timer groups. All three belong to their partner; a group's assets to the
 * asset's partner. The reminder logs live in features/reminder-logs.
 */
export const reminderRoutes: FeatureRoute[] = [
  {
    path: reminderPaths.timerList,
    page: () => import('./pages/timer-list.page.tsx'),
    meta: { requires: requirementOf(timerEndpoints.list) },
  },
  {
    path: reminderPaths.timerNew,
    page: () => import('./pages/timer-form.page.tsx'),
    meta: { requires: requirementOf(timerEndpoints.create) },
  },
  {
    path: reminderPaths.timerEdit,
    page: () => import('./pages/timer-form.page.tsx'),
    meta: { requires: requirementOf(timerEndpoints.update) },
  },
  {
    path: reminderPaths.timerDetail,
    page: () => import('./pages/timer-detail.page.tsx'),
    meta: { requires: requirementOf(timerEndpoints.get) },
  },
  {
    path: reminderPaths.resetRuleList,
    page: () => import('./pages/reset-rule-list.page.tsx'),
    meta: { requires: requirementOf(resetRuleEndpoints.list) },
  },
  {
    path: reminderPaths.resetRuleNew,
    page: () => import('./pages/reset-rule-form.page.tsx'),
    meta: { requires: requirementOf(resetRuleEndpoints.create) },
  },
  {
    path: reminderPaths.resetRuleEdit,
    page: () => import('./pages/reset-rule-form.page.tsx'),
    meta: { requires: requirementOf(resetRuleEndpoints.update) },
  },
  {
    path: reminderPaths.groupList,
    page: () => import('./pages/group-list.page.tsx'),
    meta: { requires: requirementOf(assetTimerGroupEndpoints.list) },
  },
  {
    path: reminderPaths.groupNew,
    page: () => import('./pages/group-new.page.tsx'),
    meta: { requires: requirementOf(assetTimerGroupEndpoints.create) },
  },
  {
    path: reminderPaths.groupDetail,
    page: () => import('./pages/group-detail.page.tsx'),
    meta: { requires: requirementOf(assetTimerGroupEndpoints.get) },
  },
  {
    path: reminderPaths.groupAssets,
    page: () => import('./pages/group-detail.page.tsx'),
    meta: { requires: requirementOf(assetTimerGroupEndpoints.assets) },
  },
];
