/** Route patterns of the reminder configuration screens (issue 23; document 1 §2.3). */
export const reminderPaths = {
  timerList: '/reminder/timer/list',
  timerNew: '/reminder/timer/new',
  timerDetail: '/reminder/timer/detail/:timerId',
  timerEdit: '/reminder/timer/:timerId/edit',
  resetRuleList: '/reminder/reset-rule',
  resetRuleNew: '/reminder/reset-rule/new',
  resetRuleEdit: '/reminder/reset-rule/:resetRuleId/edit',
  groupList: '/reminder/asset-timer-group/list',
  groupNew: '/reminder/asset-timer-group/new',
  groupDetail: '/reminder/asset-timer-group/detail/:assetTimerGroupId',
  groupAssets: '/reminder/asset-timer-group/detail/:assetTimerGroupId/assets',
} as const;
