import {
  type AgencyClientInput,
  agencyClientEndpoints,
  type GbfsSettingsInput,
  gbfsSettingsEndpoints,
  type PageQuery,
  siteEndpoints,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LngLat } from '../../map/map-geo.ts';
import { call, unlessFieldErrors } from '../../shared/http.ts';

/** Query keys of the feature: one partner's GBFS publication, and the agency clients' pages. */
export const openDataKeys = {
  all: ['openData'] as const,
  gbfs: (partnerId: string) => [...openDataKeys.all, 'gbfs', partnerId] as const,
  sites: (partnerId: string) => [...openDataKeys.all, 'sites', partnerId] as const,
  clients: () => [...openDataKeys.all, 'agency-clients'] as const,
  clientPage: (query: PageQuery) => [...openDataKeys.clients(), query] as const,
};

export function useGbfsSettings(partnerId: string | undefined) {
  return useQuery({
    queryKey: openDataKeys.gbfs(partnerId ?? ''),
    queryFn: ({ signal }) =>
      call(gbfsSettingsEndpoints.get, { params: { partnerId: partnerId ?? '' } }, { signal }).then((r) => r.data),
    enabled: Boolean(partnerId),
  });
}

/**
 * The partner's sites that have a position, to find one's way on the zone map (the GBFS answer names its
 * station sites without coordinates). Only for callers who may read sites; the map works without them.
 */
export function usePartnerSitePositions(partnerId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: openDataKeys.sites(partnerId ?? ''),
    queryFn: ({ signal }) =>
      call(
        siteEndpoints.query,
        { body: { partnerIdIn: [partnerId ?? ''], pageNo: 1, pageSize: 100 } },
        { signal },
      ).then((r) =>
        r.data.flatMap((site) =>
          site.longitude !== null && site.latitude !== null
            ? [{ id: site.id, position: [site.longitude, site.latitude] as LngLat }]
            : [],
        ),
      ),
    enabled: Boolean(partnerId) && enabled,
  });
}

/** The answer is the saved publication: it becomes the page's data without another read. */
export function useUpdateGbfsSettings(partnerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GbfsSettingsInput) =>
      call(gbfsSettingsEndpoints.update, { params: { partnerId }, body }, { notify: unlessFieldErrors }).then(
        (r) => r.data,
      ),
    onSuccess: (data) => client.setQueryData(openDataKeys.gbfs(partnerId), data),
  });
}

export function useAgencyClients(query: PageQuery) {
  return useQuery({
    queryKey: openDataKeys.clientPage(query),
    queryFn: ({ signal }) => call(agencyClientEndpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Answers `{ id, token }`: the only time the token is ever seen. */
export function useCreateAgencyClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AgencyClientInput) =>
      call(agencyClientEndpoints.create, { body }, { notify: unlessFieldErrors }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: openDataKeys.clients() }),
  });
}

export function useRevokeAgencyClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(agencyClientEndpoints.revoke, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: openDataKeys.clients() }),
  });
}
