import {
  type IotChannel,
  type IotCommand,
  iotCommandRequirement,
  iotCommands,
  iotSmsCommands,
  satisfies,
} from '@fleetdesk/contracts';

export interface CommandChoice {
  command: IotCommand;
  channel: IotChannel;
}

/**
 * The commands a holder of `held` may send, over which channel, limited to a device model's commands when
 * known. The default channel lets the server pick (MQTT for every vendor here); SMS is its own permission.
 */
export function allowedCommands(
  held: ReadonlySet<string>,
  modelCommands: readonly IotCommand[] | undefined,
): { device: CommandChoice[]; sms: CommandChoice[] } {
  const offered = iotCommands.filter((c) => !modelCommands || modelCommands.includes(c));
  const can = (command: IotCommand, channel: IotChannel) =>
    held.size > 0 && satisfies(held, iotCommandRequirement(command, channel));
  return {
    device: offered.filter((c) => can(c, 'default')).map((command) => ({ command, channel: 'default' })),
    sms: offered
      .filter((c) => iotSmsCommands.includes(c) && can(c, 'sms'))
      .map((command) => ({ command, channel: 'sms' })),
  };
}
