import { Breadcrumb, Drawer, Grid, Layout, theme } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { PageMetaContext } from '../../shared/ui/page-meta.ts';
import { ErrorBoundary } from '../errors/error-boundary.tsx';
import { isImplementedPath } from '../feature-routes.ts';
import { menu } from '../menu.ts';
import { menuTrail } from '../menu-model.ts';
import { useDocumentTitle } from './document-title.ts';
import { RouteGate, useRouteMetas } from './route-gate.tsx';
import { HEADER_HEIGHT, ShellHeader } from './shell.header.tsx';
import { SideMenu } from './shell.menu.tsx';
import { useVisibleMenu } from './use-menu.ts';

/** Document 1 §9: sider 256 expanded, 64 collapsed; breadcrumbs from 2 items. */
export const SIDER_WIDTH = 256;
export const SIDER_COLLAPSED_WIDTH = 64;
const BREADCRUMB_MIN_ITEMS = 2;

// Built only into development bundles: import.meta.env.DEV is a constant, so production drops the import.
const DevSettingsPanel = import.meta.env.DEV ? lazy(() => import('./dev-settings.panel.tsx')) : null;

/** The signed-in frame: header, side menu (or drawer on phones), breadcrumbs, the page. */
export function ShellLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  const metas = useRouteMetas();
  const visible = useVisibleMenu();

  const hideMenu = metas.some((meta) => meta.hideMenu);
  // Before the first measurement every breakpoint is undefined; treat that as desktop to avoid a flash.
  const mobile = screens.md === false;
  // Only the screen's width folds the menu (document 1 §2.6, medium screens); no page does (issue 21): a wide table
  // pins its identifying column and actions instead, and whatever the user chose stays as they move between pages.
  const autoCollapsed = screens.lg === false;

  const [collapsed, setCollapsed] = useState(autoCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => setCollapsed(autoCollapsed), [autoCollapsed]);
  // A route change closes the phone drawer (state adjusted during render, React's pattern for derived resets).
  const [drawerPath, setDrawerPath] = useState(location.pathname);
  if (drawerPath !== location.pathname) {
    setDrawerPath(location.pathname);
    setDrawerOpen(false);
  }

  const trail = useMemo(() => menuTrail(menu, location.pathname), [location.pathname]);
  const trailKeys = useMemo(() => trail.map((node) => node.key), [trail]);
  const title = trail.length > 0 ? t(trail[trail.length - 1]!.labelKey) : undefined;
  useDocumentTitle(title);

  const breadcrumbItems = trail.map((node, index) => {
    const label = t(node.labelKey);
    const linkable = node.path && !node.path.includes(':') && isImplementedPath(node.path) && index < trail.length - 1;
    return { key: node.key, title: linkable && node.path ? <Link to={node.path}>{label}</Link> : label };
  });

  const sideMenu = (
    <SideMenu
      nodes={visible}
      trailKeys={trailKeys}
      collapsed={!mobile && collapsed}
      onNavigate={() => setDrawerOpen(false)}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <ShellHeader
        showMenuToggle={!hideMenu}
        menuOpen={mobile ? drawerOpen : !collapsed}
        onToggleMenu={() => (mobile ? setDrawerOpen((open) => !open) : setCollapsed((c) => !c))}
      />
      <Layout>
        {!hideMenu && !mobile && (
          <Layout.Sider
            width={SIDER_WIDTH}
            collapsedWidth={SIDER_COLLAPSED_WIDTH}
            collapsible
            collapsed={collapsed}
            onCollapse={setCollapsed}
            theme="light"
            style={{
              position: 'sticky',
              top: HEADER_HEIGHT,
              height: `calc(100vh - ${HEADER_HEIGHT}px)`,
              overflow: 'auto',
              borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            {sideMenu}
          </Layout.Sider>
        )}
        {!hideMenu && mobile && (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={SIDER_WIDTH}
            title="Fleetdesk"
            styles={{ body: { padding: 0 } }}
          >
            {sideMenu}
          </Drawer>
        )}
        <Layout.Content style={{ padding: mobile ? 12 : 24, minWidth: 0 }}>
          {breadcrumbItems.length >= BREADCRUMB_MIN_ITEMS && (
            <Breadcrumb items={breadcrumbItems} style={{ marginBottom: 12 }} />
          )}
          <PageMetaContext.Provider value={{ title }}>
            <ErrorBoundary resetKey={location.pathname}>
              <RouteGate>
                <Outlet />
              </RouteGate>
            </ErrorBoundary>
          </PageMetaContext.Provider>
        </Layout.Content>
      </Layout>
      {DevSettingsPanel && (
        <Suspense fallback={null}>
          <DevSettingsPanel />
        </Suspense>
      )}
    </Layout>
  );
}
