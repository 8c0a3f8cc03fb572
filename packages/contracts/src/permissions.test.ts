import { describe, expect, it } from 'vitest';
import {
  ADMIN_PERMISSION,
  appPermissions,
  permissionCatalogue,
  requires,
  satisfies,
  webPermissions,
} from './permissions.ts';

describe('satisfies', () => {
  it('lets anyone signed in through an empty requirement', () => {
    expect(satisfies([], [])).toBe(true);
    expect(satisfies(new Set<string>(), [])).toBe(true);
  });

  it('needs every permission of an alternative', () => {
    const requirement = [['asset.read', 'asset.update']];
    expect(satisfies(['asset.read', 'asset.update'], requirement)).toBe(true);
    expect(satisfies(['asset.read'], requirement)).toBe(false);
    expect(satisfies(['asset.update', 'order.read'], requirement)).toBe(false);
  });

  it('is satisfied by any one alternative', () => {
    const requirement = [['role.read'], ['user.create'], ['user.update']];
    expect(satisfies(['user.update'], requirement)).toBe(true);
    expect(satisfies(['role.read'], requirement)).toBe(true);
    expect(satisfies(['user.read', 'role.create'], requirement)).toBe(false);
  });

  it('combines alternatives of several permissions each', () => {
    const requirement = [
      ['order.read', 'order.read_detail'],
      ['customer.read', 'customer.read_detail'],
    ];
    expect(satisfies(['order.read', 'customer.read_detail'], requirement)).toBe(false);
    expect(satisfies(['customer.read', 'customer.read_detail'], requirement)).toBe(true);
  });

  it('treats an empty alternative as satisfied', () => {
    expect(satisfies([], [['asset.read'], []])).toBe(true);
  });

  it('lets base:admin through any requirement', () => {
    expect(satisfies([ADMIN_PERMISSION], [['asset.delete', 'role.delete']])).toBe(true);
    expect(satisfies(new Set([ADMIN_PERMISSION]), requires('partner.write'))).toBe(true);
  });

  it('matches permissions exactly, never by prefix', () => {
    expect(satisfies(['asset'], [['asset.read']])).toBe(false);
    expect(satisfies(['asset.trip.read'], [['asset.read']])).toBe(false);
    expect(satisfies(['base:admin '], [['asset.read']])).toBe(false);
  });

  it('accepts a Set or an array alike', () => {
    const requirement = requires('user.read');
    expect(satisfies(new Set(['user.read']), requirement)).toBe(satisfies(['user.read'], requirement));
  });
});

describe('requires', () => {
  it('makes one single-permission alternative per argument', () => {
    expect(requires('user.read', 'user.update')).toEqual([['user.read'], ['user.update']]);
    expect(requires()).toEqual([]);
  });
});

describe('permission catalogue', () => {
  it('names permissions <family>.<action> with no duplicates per platform', () => {
    for (const list of [webPermissions, appPermissions]) {
      expect(new Set(list).size).toBe(list.length);
      for (const p of list) expect(p).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
    }
  });

  it('holds the examples of the spec', () => {
    for (const p of [
      'asset.read',
      'asset.trip.export_data',
      'iot_control.command.turn_on',
      'customer.payment.delete',
      'user.create',
      'role.update',
      'partner.read',
      'partner.write',
    ]) {
      expect(webPermissions).toContain(p);
    }
  });

  it('gives every family a label key and at least one action', () => {
    for (const f of permissionCatalogue) {
      expect(f.labelKey).toMatch(/^permission\./);
      expect(f.actions.length).toBeGreaterThan(0);
    }
  });
});
