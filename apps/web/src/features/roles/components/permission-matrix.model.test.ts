import { ADMIN_PERMISSION, type PermissionFamily, permissionCatalogue } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { allowedCommands } from '../../iot/components/command-choices.ts';
import {
  allPermissionsOf,
  checkState,
  commandsGrantedBy,
  familiesOf,
  isAdminRole,
  permissionCount,
  setMany,
  setOne,
} from './permission-matrix.model.ts';

const catalogue: PermissionFamily[] = [
  { family: 'asset', platform: 'web', labelKey: 'permission.asset', actions: ['read', 'update'] },
  { family: 'asset.trip', platform: 'web', labelKey: 'permission.asset.trip', actions: ['read'] },
  { family: 'asset', platform: 'app', labelKey: 'permission.app.asset', actions: ['read'] },
];

describe('permission matrix', () => {
  it('groups the catalogue by platform, keeping family order and building full permission strings', () => {
    expect(familiesOf('web', catalogue)).toEqual([
      {
        family: 'asset',
        labelKey: 'permission.asset',
        permissions: ['asset.read', 'asset.update'],
        actionLabelKeys: ['permission.asset.read', 'permission.asset.update'],
      },
      {
        family: 'asset.trip',
        labelKey: 'permission.asset.trip',
        permissions: ['asset.trip.read'],
        actionLabelKeys: ['permission.asset.trip.read'],
      },
    ]);
    expect(familiesOf('app', catalogue).map((g) => g.permissions)).toEqual([['asset.read']]);
  });

  it('covers every permission of the real catalogue exactly once per platform', () => {
    for (const platform of ['web', 'app'] as const) {
      const all = allPermissionsOf(familiesOf(platform));
      expect(new Set(all).size).toBe(all.length);
      const expected = permissionCatalogue
        .filter((f) => f.platform === platform)
        .reduce((n, f) => n + f.actions.length, 0);
      expect(all).toHaveLength(expected);
    }
  });

  it('tells whether all, some or none of a family are selected (drives the select-all box)', () => {
    const family = ['asset.read', 'asset.update'];
    expect(checkState(new Set(), family)).toBe('none');
    expect(checkState(new Set(['asset.read']), family)).toBe('some');
    expect(checkState(new Set(['asset.read', 'asset.update', 'order.read']), family)).toBe('all');
  });

  it('selects a whole family without touching the others, and clears it again', () => {
    const selected = ['order.read', 'asset.read'];
    const all = setMany(selected, ['asset.read', 'asset.update'], true);
    expect(new Set(all)).toEqual(new Set(['order.read', 'asset.read', 'asset.update']));
    expect(setMany(all, ['asset.read', 'asset.update'], false)).toEqual(['order.read']);
  });

  it('selects and clears a whole platform', () => {
    const web = allPermissionsOf(familiesOf('web'));
    expect(setMany([], web, true)).toHaveLength(web.length);
    expect(setMany(web, web, false)).toEqual([]);
  });

  it('keeps catalogue order and no duplicates, so an untouched role saves the same list', () => {
    const once = setOne(['user.read'], 'asset.read', true);
    expect(once).toEqual(['asset.read', 'user.read']);
    expect(setOne(once, 'asset.read', true)).toEqual(once);
  });

  it('keeps strings outside the catalogue, such as base:admin', () => {
    expect(setOne([ADMIN_PERMISSION], 'asset.read', true)).toEqual([ADMIN_PERMISSION, 'asset.read']);
    expect(setMany([ADMIN_PERMISSION, 'asset.read'], ['asset.read'], false)).toEqual([ADMIN_PERMISSION]);
  });

  it('recognises an administrator role and counts permissions of both platforms', () => {
    expect(isAdminRole([ADMIN_PERMISSION])).toBe(true);
    expect(isAdminRole(['asset.read'])).toBe(false);
    expect(permissionCount({ permissions: ['asset.read', 'user.read'], appPermissions: ['asset.read'] })).toBe(3);
  });
});

describe('IoT commands in the role editor', () => {
  const iotGroup = familiesOf('web').find((g) => g.family === 'iot_control.command');
  const permissions = iotGroup?.permissions ?? [];
  /** The permissions listed with this command that, held alone, make the command menu offer it on the channel. */
  const listedFor = (command: string, channel: 'device' | 'sms') =>
    permissions.filter(
      (p) =>
        commandsGrantedBy(p).includes(command as never) &&
        allowedCommands(new Set([p]), undefined)[channel].some((c) => c.command === command),
    );

  it('lists every command the command menu offers, each under the one permission that sends it', () => {
    const offered = allowedCommands(new Set([ADMIN_PERMISSION]), undefined);
    expect(offered.device.length).toBeGreaterThan(0);
    for (const channel of ['device', 'sms'] as const) {
      for (const { command } of offered[channel]) {
        expect(listedFor(command, channel), `${command} over ${channel}`).toHaveLength(1);
      }
    }
  });

  it('names wake-up with the status report and the geolocation report with the position report', () => {
    expect(commandsGrantedBy('iot_control.command.status_report')).toEqual(['tbox.status_report', 'iot.wake']);
    expect(commandsGrantedBy('iot_control.command.position_report')).toEqual([
      'tbox.position_report',
      'iot.report_geolocation_state',
    ]);
    expect(commandsGrantedBy('iot_control.command.sms_position_report')).toEqual([
      'tbox.position_report',
      'iot.report_geolocation_state',
    ]);
    expect(commandsGrantedBy('asset.read')).toEqual([]);
  });

  it('lists no permission that sends nothing', () => {
    expect(permissions.length).toBeGreaterThan(0);
    for (const p of permissions) expect(commandsGrantedBy(p).length, p).toBeGreaterThan(0);
  });
});
