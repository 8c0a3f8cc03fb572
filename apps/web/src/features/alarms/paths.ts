/** Asset → Alarms: the alarm inbox (decisions.md "Alarm inbox"). */
export const alarmPaths = { list: '/asset/alarm/list' } as const;
