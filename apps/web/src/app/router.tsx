import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { registerUnauthorizedHandler } from '../shared/http.ts';
import type { FeatureRoute } from '../shared/routing.ts';
import { AuthGuard } from './auth/auth-guard.tsx';
import { loginPath } from './auth/redirect.ts';
import NotFoundPage from './errors/not-found.page.tsx';
import { RouteErrorPage } from './errors/route-error.page.tsx';
import { Splash } from './errors/splash.tsx';
import { featureRoutes } from './feature-routes.ts';
import { ShellLayout } from './layout/shell.layout.tsx';
import { legacyRedirects } from './legacy-redirects.ts';

/** A feature page as a lazy route: its chunk loads on first visit; RouteMeta travels as the handle. */
function toRoute({ path, page, meta }: FeatureRoute): RouteObject {
  return {
    path,
    handle: meta ?? {},
    lazy: async () => ({ Component: (await page()).default }),
  };
}

const lazyPage = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** /auth keeps any query (a redirect parameter) on its way to the login page. */
function AuthIndex() {
  const { search } = useLocation();
  return <Navigate to={`/auth/login${search}`} replace />;
}

export const routes: RouteObject[] = [
  {
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
          { path: 'oidc', ...lazyPage(() => import('./auth/oidc.page.tsx')) },
          { path: 'forgot-password', ...lazyPage(() => import('./auth/forgot-password.page.tsx')) },
          { path: 'reset-password', ...lazyPage(() => import('./auth/reset-password.page.tsx')) },
          { path: 'set-password', ...lazyPage(() => import('./auth/reset-password.page.tsx')) },
          { path: 'register', ...lazyPage(() => import('./auth/register.page.tsx')) },
        ],
      },
      {
        path: '/',
        element: (
          <AuthGuard>
            <ShellLayout />
          </AuthGuard>
        ),
        children: [
          { index: true, ...lazyPage(() => import('./home.page.tsx')) },
          ...featureRoutes.map(toRoute),
          ...legacyRedirects.map(({ from }) => ({
            path: from,
            ...lazyPage(() => import('./legacy-redirect.page.tsx')),
          })),
        ],
      },
      // Not lazy: the route error page shows it too, so it is in the main chunk anyway.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes, { basename: import.meta.env.BASE_URL });
  // A 401 outside the login page: the token is already cleared; go to login and come back afterwards.
  registerUnauthorizedHandler(() => {
    const { pathname, search } = router.state.location;
    if (pathname.startsWith('/auth/')) return;
    void router.navigate(loginPath({ pathname, search }), { replace: true });
  });
  return router;
}
