import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PROFILE_QUERY_KEY } from '../../shared/profile-key.ts';
import { setToken } from '../../shared/session.ts';
import { safeRedirect } from './redirect.ts';

/**
 * The end of every sign-in (password, code, third party): keep the session token, load the new user's profile,
 * then go where the user was headed if that is a page of the console — else '/', which picks the first page this
 * user may open.
 */
export function useFinishSignIn(): (token: string, redirect: string | null) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (token, redirect) => {
      setToken(token);
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      navigate(safeRedirect(redirect) ?? '/', { replace: true });
    },
    [navigate, queryClient],
  );
}
