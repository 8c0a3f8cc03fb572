import { IOT_ALARM_WINDOW_MS, IOT_ONLINE_WINDOW_MS } from '@fleetdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { assets } from '../../db/schema/index.ts';

/**
 * Document 2 §4 "Asset status (display)" as one SQL expression, so the map, the dashboard and any list count
 * the same way. Precedence: the lifecycle states that take an asset out of service, then a recent error, a
 * recent alarm, New, and finally whether the device is online (within the hour) — or, without a device,
 * whether the asset is Ready.
 */
export function displayStatusSql(now: SQL = sql`now()`): SQL<string> {
  const alarmWindow = sql`(${now} - ${`${IOT_ALARM_WINDOW_MS} milliseconds`}::interval)`;
  const onlineWindow = sql`(${now} - ${`${IOT_ONLINE_WINDOW_MS} milliseconds`}::interval)`;
  return sql<string>`case
    when ${assets.lifeCycleState} in ('Removed', 'Retired', 'Missing') then ${assets.lifeCycleState}
    when ${assets.errorAt} > ${alarmWindow} then 'Error'
    when ${assets.alarmAt} > ${alarmWindow} then 'Alarm'
    when ${assets.lifeCycleState} = 'New' then 'New'
    when ${assets.iotDeviceNo} is not null then
      case when ${assets.iotLastUpdateTime} > ${onlineWindow} then 'Active' else 'Inactive' end
    when ${assets.lifeCycleState} = 'Ready' then 'Active'
    else 'Inactive'
  end`;
}
