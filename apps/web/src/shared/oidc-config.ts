import { useQuery } from '@tanstack/react-query';
import { call } from './http.ts';
import { signInEndpoints } from './sign-in-endpoints.ts';

/** Whether third-party sign-in is configured, and the provider's name; a failure simply hides it. */
export function useOidcConfig() {
  return useQuery({
    queryKey: ['oidc-config'],
    queryFn: ({ signal }) => call(signInEndpoints.oidcConfig, {}, { signal, notify: false }).then((r) => r.data),
    staleTime: 5 * 60_000,
  });
}
