import { satisfies } from '@fleetdesk/contracts';
import { matchPath } from 'react-router';
import type { MenuNode } from './menu.ts';

/** Decides whether a node may be rendered: its route exists and the user meets its requirement. */
export interface MenuFilter {
  isImplemented: (path: string) => boolean;
  permissions: ReadonlySet<string>;
}

/**
 * The menu as this user may see it. A leaf needs a registered route and its requirement; a group is kept when
 * at least one child is. Hidden children are dropped (they only serve breadcrumbs).
 */
export function visibleMenu(nodes: readonly MenuNode[], filter: MenuFilter): MenuNode[] {
  const result: MenuNode[] = [];
  for (const node of nodes) {
    if (node.hideInMenu) continue;
    if (node.path) {
      if (!filter.isImplemented(node.path)) continue;
      if (node.requires && !satisfies(filter.permissions, node.requires)) continue;
      result.push({ ...node, children: undefined });
      continue;
    }
    const children = visibleMenu(node.children ?? [], filter);
    if (children.length > 0) result.push({ ...node, children });
  }
  return result;
}

/** The first page of the visible menu: where `/` and a successful login without redirect go. */
export function firstMenuPath(nodes: readonly MenuNode[]): string | undefined {
  for (const node of nodes) {
    if (node.path) return node.path;
    const nested = firstMenuPath(node.children ?? []);
    if (nested) return nested;
  }
  return undefined;
}

/** Document 1 §2.4: the asset dashboard is the console's landing page. */
export const DASHBOARD_PATH = '/dashboard/asset';

/** The console's home: the asset dashboard when this user may open it, else the first page of their menu. */
export function homePath(nodes: readonly MenuNode[]): string | undefined {
  return menuTrail(nodes, DASHBOARD_PATH).length > 0 ? DASHBOARD_PATH : firstMenuPath(nodes);
}

/** The chain of menu nodes leading to the page at `pathname` (for breadcrumbs, titles, selection). */
export function menuTrail(nodes: readonly MenuNode[], pathname: string): MenuNode[] {
  for (const node of nodes) {
    if (node.path && matchPath({ path: node.path, end: true }, pathname)) return [node];
    const nested = menuTrail(node.children ?? [], pathname);
    if (nested.length > 0) return [node, ...nested];
  }
  return [];
}
