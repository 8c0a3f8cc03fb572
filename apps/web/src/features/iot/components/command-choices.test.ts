import { describe, expect, it } from 'vitest';
import { allowedCommands } from './command-choices.ts';

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
