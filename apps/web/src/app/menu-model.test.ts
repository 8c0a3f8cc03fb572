import { requires } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { menu } from './menu.ts';
import { firstMenuPath, homePath, menuTrail, visibleMenu } from './menu-model.ts';

const implemented = new Set([
  '/team/user/list',
  '/team/role/list',
  '/setting/general',
  '/setting/general/partner/list',
]);
const filterFor = (permissions: string[]) => ({
  isImplemented: (path: string) => implemented.has(path),
  permissions: new Set(permissions),
});

describe('menu', () => {
  it('shows only built screens the user may read', () => {
    const visible = visibleMenu(menu, filterFor(['role.read', 'partner.read']));
    expect(visible.map((n) => n.key)).toEqual(['team', 'setting']);
    expect(visible[0]?.children?.map((n) => n.key)).toEqual(['team.role']);
    expect(visible[1]?.children?.map((n) => n.key)).toEqual(['setting.general']);
  });

  it('shows everything built to an admin, and nothing unbuilt', () => {
    const visible = visibleMenu(menu, filterFor(['base:admin']));
    expect(firstMenuPath(visible)).toBe('/team/user/list');
    expect(JSON.stringify(visible)).not.toContain('/asset/map');
  });

  it('lands on the asset dashboard when the user may open it, else on the first page of the menu', () => {
    const withDashboard = {
      isImplemented: (path: string) => implemented.has(path) || path === '/dashboard/asset' || path === '/asset/map',
      permissions: new Set(['base:admin']),
    };
    expect(homePath(visibleMenu(menu, withDashboard))).toBe('/dashboard/asset');
    expect(homePath(visibleMenu(menu, filterFor(['base:admin'])))).toBe('/team/user/list');
  });

  it('drops a group whose entries are all hidden', () => {
    expect(visibleMenu(menu, filterFor(['asset.read']))).toEqual([]);
  });

  it('finds the trail of a hidden edit page for breadcrumbs and selection', () => {
    expect(menuTrail(menu, '/setting/general/partner/abc/edit').map((n) => n.key)).toEqual([
      'setting',
      'setting.general',
      'setting.general.partner',
      'setting.general.partner.edit',
    ]);
  });

  it('declares a read requirement on every entry with a path', () => {
    const walk = (nodes: typeof menu): string[] =>
      nodes.flatMap((n) => [...(n.path && !n.hideInMenu && !n.requires ? [n.key] : []), ...walk(n.children ?? [])]);
    expect(walk(menu)).toEqual([]);
    expect(menuTrail(menu, '/team/user/list')[1]?.requires).toEqual(requires('user.read'));
  });
});
