import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useProfile, useToken } from '../../shared/profile.ts';
import { prefetchReferenceData } from '../../shared/reference-data.ts';
import { ProfileErrorPage } from '../errors/profile-error.page.tsx';
import { Splash } from '../errors/splash.tsx';
import { loginPath } from './redirect.ts';

/**
 * Everything but login and logout sits behind this guard (document 1 §2.1): no token, or a profile without
 * username, goes to login with the current address as redirect; a splash covers the profile load.
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const signedIn = Boolean(profile.data?.username);

  useEffect(() => {
    if (signedIn) prefetchReferenceData(queryClient);
  }, [signedIn, queryClient]);

  if (!token) return <Navigate to={loginPath(location)} replace />;
  if (profile.isPending) return <Splash />;
  if (profile.isError) {
    return (
      <ProfileErrorPage
        message={profile.error.message}
        retrying={profile.isFetching}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  if (!signedIn) return <Navigate to={loginPath(location)} replace />;
  return children;
}
