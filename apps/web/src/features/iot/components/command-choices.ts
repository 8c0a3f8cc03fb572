import {
  type IotChannel,
  type IotCommand,
  type IotDeviceModel,
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

/**
 * The i18n key of a command's label for a device model: a model whose turn on / turn off drive the bike's lock
 * says Unlock / Lock, the words on the bike; otherwise the command's own name.
 */
export function commandLabelKey(command: IotCommand, model: Pick<IotDeviceModel, 'switchIsLock'> | undefined): string {
  if (model?.switchIsLock && command === 'device.turn_on') return 'command.unlock';
  if (model?.switchIsLock && command === 'device.turn_off') return 'command.lock';
  return `command.${command}`;
}

/** Commands that would stop a customer riding or renting the asset: asked with who is using it (issue 21). */
export const stopsTheCustomer = (command: IotCommand): boolean => command === 'device.turn_off';
