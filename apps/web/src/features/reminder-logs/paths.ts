/** Operation → Reminder → Asset-timer log: every fire and reset, and the log centre (document 1 §2.3). */
export const reminderLogPaths = {
  log: '/reminder/asset-timer-log/list',
  centre: '/reminder/asset-timer-log-center/list',
} as const;
