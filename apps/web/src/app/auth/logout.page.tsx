import { authEndpoints } from '@fleetdesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../shared/http.ts';
import { clearToken, getToken } from '../../shared/session.ts';
import { Splash } from '../errors/splash.tsx';

/** /auth/logout: revoke the token, forget everything cached for this user, go to the root (document 1 §2.6). */
export default function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let active = true;
    const revoke = getToken() ? call(authEndpoints.logout, {}, { notify: false }) : Promise.resolve();
    // Signing out locally must not depend on the server answering.
    void revoke
      .catch(() => undefined)
      .finally(() => {
        if (!active) return;
        clearToken();
        queryClient.clear();
        navigate('/', { replace: true });
      });
    return () => {
      active = false;
    };
  }, [navigate, queryClient]);
  return <Splash />;
}
