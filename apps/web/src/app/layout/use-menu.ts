import { useMemo } from 'react';
import { usePermissionSet } from '../../shared/permissions.ts';
import { isImplementedPath } from '../feature-routes.ts';
import { menu } from '../menu.ts';
import { firstMenuPath, visibleMenu } from '../menu-model.ts';

/** The menu this user may see right now. */
export function useVisibleMenu() {
  const permissions = usePermissionSet();
  return useMemo(() => visibleMenu(menu, { isImplemented: isImplementedPath, permissions }), [permissions]);
}

/** The first page of the user's menu, the console's home. */
export function useHomePath(): string | undefined {
  const visible = useVisibleMenu();
  return useMemo(() => firstMenuPath(visible), [visible]);
}
