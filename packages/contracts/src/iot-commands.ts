/**
 * The IoT commands and the permission each one needs: the one list the command menu, the server's check and the
 * role editor's catalogue read (issue 21: the role editor had lost two commands the menu offers). It imports
 * nothing, so the permission catalogue can derive its IoT family from it.
 */

/** Document 2 §3 "Commands". */
export const iotCommands = [
  'device.turn_on',
  'device.turn_off',
  'device.beep',
  'iot.reboot',
  'light.turn_on',
  'light.turn_off',
  'power.battery.unlock',
  'power.battery.lock',
  'tbox.status_report',
  'tbox.position_report',
  'iot.report_geolocation_state',
  'iot.wake',
] as const;
export type IotCommand = (typeof iotCommands)[number];

/**
 * Which `iot_control.command.<action>` a command needs (document 1 §6.2). The two commands the catalogue does
 * not name ask for what they do: reporting the geolocation is a position report, waking the device a status one.
 */
export const iotCommandPermission: Record<IotCommand, string> = {
  'device.turn_on': 'turn_on',
  'device.turn_off': 'turn_off',
  'device.beep': 'beep',
  'iot.reboot': 'reboot',
  'light.turn_on': 'light_turn_on',
  'light.turn_off': 'light_turn_off',
  'power.battery.unlock': 'power_battery_unlock',
  'power.battery.lock': 'power_battery_lock_up',
  'tbox.status_report': 'status_report',
  'tbox.position_report': 'position_report',
  'iot.report_geolocation_state': 'position_report',
  'iot.wake': 'status_report',
};
/** The commands that have an SMS variant (their own `sms_` permission). */
export const iotSmsCommands: readonly IotCommand[] = [
  'device.turn_on',
  'device.turn_off',
  'device.beep',
  'iot.reboot',
  'tbox.position_report',
  'iot.report_geolocation_state',
];

/** The action of a command over SMS: its own action with `sms_` in front. */
export const smsAction = (action: string) => `sms_${action}`;

/**
 * The actions of the `iot_control.command` family, in menu order, each with the commands it lets a user send:
 * the device actions first, then the SMS ones (document 1 §6.2 lists them that way).
 */
export const iotCommandActions: readonly { action: string; commands: readonly IotCommand[] }[] = (() => {
  const byAction = new Map<string, IotCommand[]>();
  const add = (action: string, command: IotCommand) => byAction.set(action, [...(byAction.get(action) ?? []), command]);
  for (const c of iotCommands) add(iotCommandPermission[c], c);
  for (const c of iotSmsCommands) add(smsAction(iotCommandPermission[c]), c);
  return [...byAction].map(([action, commands]) => ({ action, commands }));
})();
