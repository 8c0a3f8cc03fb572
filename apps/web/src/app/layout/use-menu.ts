import { useMemo } from 'react';
import { usePermissionSet } from '../../shared/permissions.ts';
import { isImplementedPath } from '../feature-routes.ts';
import { menu } from '../menu.ts';
import { homePath, visibleMenu } from '../menu-model.ts';

/** The menu this user may see right now. */
export function useVisibleMenu() {
  const permissions = usePermissionSet();
  return useMemo(() => visibleMenu(menu, { isImplemented: isImplementedPath, permissions }), [permissions]);
}

/** The console's home (the asset dashboard, else the first page of the user's menu). */
export function useHomePath(): string | undefined {
  const visible = useVisibleMenu();
  return useMemo(() => homePath(visible), [visible]);
}
