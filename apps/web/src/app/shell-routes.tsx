// zod is jitless before any schema is built (the CSP has no 'unsafe-eval'): see zod-jitless.ts. Imported here, not
// in main.tsx, so zod stays off the login page (issue 27).
import './zod-jitless.ts';
import type { RouteObject } from 'react-router';
import { loadPageTranslations } from '../shared/i18n/i18n.ts';
import type { FeatureRoute } from '../shared/routing.ts';
import { AntProviders } from './ant-providers.tsx';
import { AuthGuard } from './auth/auth-guard.tsx';
import { featureRoutes } from './feature-routes.ts';
import { ShellLayout } from './layout/shell.layout.tsx';
import { lazyPage } from './lazy-page.ts';
import { legacyRedirects } from './legacy-redirects.ts';

/** antd's and dayjs's texts in the reader's locale, awaited with this module (router.tsx). */
export { antLocaleReady } from './ant-providers.tsx';

/**
 * A feature page as a lazy route: its chunk loads on first visit, with the other pages' translations unless it is
 * the first screen (namespaces.ts); RouteMeta travels as the handle.
 */
function toRoute({ path, page, meta, firstScreen }: FeatureRoute): RouteObject {
  const load = firstScreen ? page : () => Promise.all([page(), loadPageTranslations()]).then(([module]) => module);
  return { path, handle: meta ?? {}, ...lazyPage(load) };
}

/** The signed-in console: the shell around every feature page, patched into the router on demand (router.tsx). */
export const shellRoute: RouteObject = {
  path: '/',
  element: (
    <AntProviders>
      <AuthGuard>
        <ShellLayout />
      </AuthGuard>
    </AntProviders>
  ),
  children: [
    { index: true, ...lazyPage(() => import('./home.page.tsx')) },
    ...featureRoutes.map(toRoute),
    ...legacyRedirects.map(({ from }) => ({ path: from, ...lazyPage(() => import('./legacy-redirect.page.tsx')) })),
  ],
};
