import { QueryClient } from '@tanstack/react-query';

/** Query defaults of document 1 §7.1 and §9: no retries, no refetch on focus, 60 s cache and freshness. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, gcTime: 60_000, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}
