import { partnerEndpoints } from '@fleetdesk/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './http.ts';
import { useSignedInProfile } from './profile.ts';

/**
 * Reference data (document 1 §7.1: categories, sites, partners, IoT models) loads once after login and is
 * kept for the session; mutations of the underlying lists invalidate the matching key.
 */
export const referenceQueries = {
  partners: queryOptions({
    queryKey: ['reference', 'partners'] as const,
    queryFn: ({ signal }) => call(partnerEndpoints.all, {}, { signal }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  }),
};

/** Warms every reference list right after the profile arrives. */
export function prefetchReferenceData(client: QueryClient): void {
  for (const query of Object.values(referenceQueries)) void client.prefetchQuery(query);
}

/** Partners in the caller's scope as { id, name }, for selects and name lookups. */
export function usePartnerOptions() {
  const profile = useSignedInProfile();
  return useQuery({ ...referenceQueries.partners, enabled: profile !== undefined });
}
