import { Menu, type MenuProps } from 'antd';
import { createElement, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MenuNode } from '../menu.ts';

type MenuItem = NonNullable<MenuProps['items']>[number];

/**
 * A label too long for the sider ("Richieste di rimborso deposito" under its group) wraps onto a second
 * line instead of ending in "…"; two lines of 1.25 fit the item's 40 px. The tooltip carries the whole
 * label wherever it is still cut (the collapsed sider's popups are antd's own).
 */
const wrapping = { display: 'inline-block', whiteSpace: 'normal', lineHeight: 1.25, verticalAlign: 'middle' } as const;
const MenuLabel = ({ text }: { text: string }) => (
  <span title={text} style={wrapping} data-testid="menu-label">
    {text}
  </span>
);

function toItems(nodes: readonly MenuNode[], t: (key: string) => string): MenuItem[] {
  return nodes.map((node) => {
    const icon = node.icon ? createElement(node.icon, { key: node.key }) : undefined;
    const label = <MenuLabel key={node.key} text={t(node.labelKey)} />;
    if (node.path) {
      return { key: node.key, icon, label: <Link to={node.path}>{label}</Link> };
    }
    return { key: node.key, icon, label, children: toItems(node.children ?? [], t) };
  });
}

export interface SideMenuProps {
  nodes: readonly MenuNode[];
  /** Keys of the trail to the current page (from the full menu, hidden pages included). */
  trailKeys: readonly string[];
  collapsed: boolean;
  onNavigate?: () => void;
}

/** The side menu; its selection and open submenus follow the route (document 1 §2.6). */
export function SideMenu({ nodes, trailKeys, collapsed, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const items = useMemo(() => toItems(nodes, t), [nodes, t]);
  const visibleKeys = useMemo(() => collectKeys(nodes), [nodes]);
  // The selected item is the deepest visible node of the trail (a hidden edit page selects its list).
  const selected = [...trailKeys].reverse().find((key) => visibleKeys.has(key));
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  useEffect(() => {
    // Open the submenus leading to the current page, keep what the user opened by hand.
    setOpenKeys((open) => [...new Set([...open, ...trailKeys.filter((key) => visibleKeys.has(key))])]);
  }, [trailKeys, visibleKeys]);

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      // antd keeps collapsed menus as popups; forcing open keys there would pop them open on every route change.
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={onNavigate}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}

function collectKeys(nodes: readonly MenuNode[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    into.add(node.key);
    collectKeys(node.children ?? [], into);
  }
  return into;
}
