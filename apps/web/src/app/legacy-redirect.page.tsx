import { Navigate, useLocation } from 'react-router';
import { isRoutedPath } from './feature-routes.ts';
import { resolveLegacyRedirect } from './legacy-redirects.ts';

/** Sends an old address to its current page; a target that does not exist (yet) falls back to home. */
export default function LegacyRedirectPage() {
  const location = useLocation();
  const target = resolveLegacyRedirect(location.pathname, location.search);
  const pathname = target?.split('?')[0];
  if (!target || !pathname || !isRoutedPath(pathname)) return <Navigate to={`/${location.search}`} replace />;
  return <Navigate to={target} replace />;
}
