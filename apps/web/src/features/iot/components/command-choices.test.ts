import { describe, expect, it } from 'vitest';
import { allowedCommands, commandLabelKey, stopsTheCustomer } from './command-choices.ts';

const names = (list: { command: string }[]) => list.map((c) => c.command);

describe('allowedCommands', () => {
  it('offers nothing to a user without command permissions', () => {
    expect(allowedCommands(new Set(['asset.read']), undefined)).toEqual({ device: [], sms: [] });
  });

  it('offers each command only with its own permission, SMS variants separately', () => {
    const held = new Set(['iot_control.command.beep', 'iot_control.command.sms_reboot']);
    const choices = allowedCommands(held, undefined);
    expect(names(choices.device)).toEqual(['device.beep']);
    expect(names(choices.sms)).toEqual(['iot.reboot']);
    expect(choices.sms[0]?.channel).toBe('sms');
  });

  it('maps the two commands the catalogue does not name to the report permissions', () => {
    const held = new Set(['iot_control.command.position_report', 'iot_control.command.status_report']);
    expect(names(allowedCommands(held, undefined).device)).toEqual([
      'tbox.status_report',
      'tbox.position_report',
      'iot.report_geolocation_state',
      'iot.wake',
    ]);
  });

  it('limits the choice to the device model when it is known', () => {
    const choices = allowedCommands(new Set(['base:admin']), ['device.beep', 'power.battery.unlock']);
    expect(names(choices.device)).toEqual(['device.beep', 'power.battery.unlock']);
    expect(names(choices.sms)).toEqual(['device.beep']);
  });

  it('offers everything to an administrator', () => {
    const choices = allowedCommands(new Set(['base:admin']), undefined);
    expect(choices.device).toHaveLength(12);
    expect(choices.sms).toHaveLength(6);
  });
});

describe('commandLabelKey', () => {
  it("says Lock / Unlock where the model's turn on / off drive the bike's lock", () => {
    const lockController = { switchIsLock: true };
    expect(commandLabelKey('device.turn_off', lockController)).toBe('command.lock');
    expect(commandLabelKey('device.turn_on', lockController)).toBe('command.unlock');
    expect(commandLabelKey('device.beep', lockController)).toBe('command.device.beep');
  });

  it('keeps Turn on / Turn off for a scooter controller and when the model is unknown (a batch of mixed assets)', () => {
    expect(commandLabelKey('device.turn_off', { switchIsLock: false })).toBe('command.device.turn_off');
    expect(commandLabelKey('device.turn_on', undefined)).toBe('command.device.turn_on');
  });
});

describe('stopsTheCustomer', () => {
  it('asks with context before turning off or locking, not before a beep or a report', () => {
    expect(stopsTheCustomer('device.turn_off')).toBe(true);
    expect(stopsTheCustomer('device.beep')).toBe(false);
    expect(stopsTheCustomer('device.turn_on')).toBe(false);
    expect(stopsTheCustomer('iot.wake')).toBe(false);
  });
});
