import { accountEndpoints, type Profile } from '@fleetdesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { call } from './http.ts';
import { PROFILE_QUERY_KEY } from './profile-key.ts';
import { getToken, onTokenChange } from './session.ts';

/** The stored token as React state, so the profile query starts and stops with sign-in and sign-out. */
export function useToken(): string | null {
  return useSyncExternalStore(onTokenChange, getToken);
}

export const profileQuery = queryOptions({
  queryKey: PROFILE_QUERY_KEY,
  queryFn: ({ signal }) => call(accountEndpoints.profile, {}, { signal, notify: false }).then((r) => r.data),
  // The profile decides the menu and every permission check; it changes only through staff edits.
  staleTime: 5 * 60_000,
});

/** The signed-in user's profile; runs only while a token exists (document 1 §7.1). */
export function useProfile() {
  const token = useToken();
  return useQuery({ ...profileQuery, enabled: token !== null });
}

/** The profile once it is loaded and complete; other queries wait for this (document 1 §7.1). */
export function useSignedInProfile(): Profile | undefined {
  const { data } = useProfile();
  return data?.username ? data : undefined;
}
