import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { registerUnauthorizedHandler } from '../shared/http.ts';
import { loadConsoleTranslations } from '../shared/i18n/i18n.ts';
import { loginPath } from './auth/redirect.ts';
import NotFoundPage from './errors/not-found.page.tsx';
import { RouteErrorPage } from './errors/route-error.page.tsx';
import { Splash } from './errors/splash.tsx';
import { lazyAntPage, lazyPage } from './lazy-page.ts';

/** /auth keeps any query (a redirect parameter) on its way to the login page. */
function AuthIndex() {
  const { search } = useLocation();
  return <Navigate to={`/auth/login${search}`} replace />;
}

const ROOT = 'root';

/**
 * The routes the first screen needs: sign-in and not-found. The signed-in console (shell, menu, every
 * feature's routes and the contracts they name) is patched in on the first navigation outside /auth
 * (shell-routes.tsx), so the login page does not download it (issue 27).
 */
export const routes: RouteObject[] = [
  {
    id: ROOT,
    errorElement: <RouteErrorPage />,
    // Shown while the first lazy page of a fresh load arrives.
    hydrateFallbackElement: <Splash />,
    children: [
      {
        path: '/auth',
        children: [
          { index: true, element: <AuthIndex /> },
          { path: 'login', ...lazyPage(() => import('./auth/login.page.tsx')) },
          { path: 'logout', ...lazyPage(() => import('./auth/logout.page.tsx')) },
          { path: 'oidc', ...lazyAntPage(() => import('./auth/oidc.page.tsx')) },
          { path: 'forgot-password', ...lazyAntPage(() => import('./auth/forgot-password.page.tsx')) },
          { path: 'reset-password', ...lazyAntPage(() => import('./auth/reset-password.page.tsx')) },
          { path: 'set-password', ...lazyAntPage(() => import('./auth/reset-password.page.tsx')) },
          { path: 'register', ...lazyAntPage(() => import('./auth/register.page.tsx')) },
        ],
      },
      // Plain markup, not lazy: the route error page shows it too, also when a chunk failed to load.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

let shellPatched: Promise<void> | null = null;

/** Adds the signed-in console's routes once; a failed download is tried again on the next navigation. */
function patchShell(patch: (routeId: string | null, children: RouteObject[]) => void): Promise<void> {
  shellPatched ??= Promise.all([
    import('./shell-routes.tsx').then(async (module) => {
      await module.antLocaleReady();
      return module;
    }),
    loadConsoleTranslations(),
  ]).then(
    ([{ shellRoute }]) => patch(ROOT, [shellRoute]),
    (error: unknown) => {
      shellPatched = null;
      throw error;
    },
  );
  return shellPatched;
}

/** Fetches the console's routes ahead, while the reader types their password. */
export const prefetchShell = (): void => void import('./shell-routes.tsx').catch(() => undefined);

export function createAppRouter() {
  const router = createBrowserRouter(routes, {
    basename: import.meta.env.BASE_URL,
    patchRoutesOnNavigation: ({ path, patch }) => (path.startsWith('/auth/') ? undefined : patchShell(patch)),
  });
  // A 401 outside the login page: the token is already cleared; go to login and come back afterwards.
  registerUnauthorizedHandler(() => {
    const { pathname, search } = router.state.location;
    if (pathname.startsWith('/auth/')) return;
    void router.navigate(loginPath({ pathname, search }), { replace: true });
  });
  return router;
}
