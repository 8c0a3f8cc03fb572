import {
  type BodyInputOf,
  type SiteInput,
  type SitePatch,
  type SiteReferences,
  siteEndpoints,
  siteReferences,
  taxGroupEndpoints,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, call, unlessFieldErrors } from '../../shared/http.ts';
import { type ArchiveFilter, isSiteType } from './urls.ts';

export type SiteQueryBody = BodyInputOf<typeof siteEndpoints.query>;

/** Query keys of the sites feature; mutations invalidate by prefix. */
export const siteKeys = {
  all: ['sites'] as const,
  lists: () => [...siteKeys.all, 'list'] as const,
  list: (body: SiteQueryBody) => [...siteKeys.lists(), body] as const,
  detail: (id: string) => [...siteKeys.all, 'detail', id] as const,
  refs: () => [...siteKeys.all, 'refs'] as const,
  taxGroups: ['sites', 'tax-group-options'] as const,
};

/** The list's URL state as the search body: empty filters are left out (document 1 §7.9). */
export function siteQueryBody(state: {
  pageNo: number;
  pageSize: number;
  sort: string;
  partnerId: string[];
  type: string[];
  name: string | undefined;
  city: string | undefined;
  archived: ArchiveFilter;
}): SiteQueryBody {
  const typeIn = state.type.filter(isSiteType);
  return {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    sort: state.sort,
    ...(state.partnerId.length ? { partnerIdIn: state.partnerId } : {}),
    ...(typeIn.length ? { typeIn } : {}),
    ...(state.name ? { name: state.name } : {}),
    ...(state.city ? { city: state.city } : {}),
    isArchived: state.archived === 'all' ? null : state.archived === 'archived',
  };
}

export function fetchSitePage(body: SiteQueryBody, signal?: AbortSignal) {
  return call(siteEndpoints.query, { body }, { signal });
}

export function useSiteList(body: SiteQueryBody) {
  return useQuery({
    queryKey: siteKeys.list(body),
    queryFn: ({ signal }) => fetchSitePage(body, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSite(id: string | undefined) {
  return useQuery({
    queryKey: siteKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      call(siteEndpoints.get, { params: { id: id ?? '' } }, { signal, notify: (e) => e.status !== 404 }).then(
        (r) => r.data,
      ),
    enabled: Boolean(id),
  });
}

/** Tax groups for the site forms' picker (GET /sale/taxGroups answers site readers and writers too). */
export function useTaxGroupOptions() {
  return useQuery({
    queryKey: siteKeys.taxGroups,
    queryFn: ({ signal }) =>
      call(taxGroupEndpoints.list, { query: { pageSize: 100, sort: 'name:asc' } }, { signal }).then((r) =>
        r.data.map((g) => ({ id: g.id, name: g.name, displayName: g.displayName, country: g.country })),
      ),
    staleTime: 60_000,
  });
}

function useInvalidateSiteLists() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: siteKeys.lists() }),
      client.invalidateQueries({ queryKey: siteKeys.refs() }),
    ]);
}

/** Saves a batch in one request; field errors ("sites.3.zip") are shown on the table cells. */
export function useCreateSites() {
  const invalidate = useInvalidateSiteLists();
  return useMutation({
    mutationFn: (sites: SiteInput[]) =>
      call(siteEndpoints.batchCreate, { body: { sites } }, { notify: unlessFieldErrors }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useUpdateSite(id: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateSiteLists();
  return useMutation({
    mutationFn: (body: SitePatch) =>
      call(siteEndpoints.update, { params: { id }, body }, { notify: unlessFieldErrors }).then((r) => r.data),
    onSuccess: (data) => {
      client.setQueryData(siteKeys.detail(id), data);
      return invalidate();
    },
  });
}

/** Archive and unarchive from the list row. */
export function useArchiveSite() {
  const invalidate = useInvalidateSiteLists();
  return useMutation({
    mutationFn: ({ id, isArchived }: { id: string; isArchived: boolean }) =>
      call(siteEndpoints.update, { params: { id }, body: { isArchived } }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

/** A refusal because assets or orders use the site is explained in a dialog, not a notification. */
export function useDeleteSite() {
  const client = useQueryClient();
  const invalidate = useInvalidateSiteLists();
  return useMutation({
    mutationFn: (id: string) =>
      call(siteEndpoints.remove, { params: { id } }, { notify: (e) => e.code !== 'SiteInUse' }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: siteKeys.detail(id) });
      return invalidate();
    },
  });
}

/** How many assets, orders and relocation lists block a delete, read from a SiteInUse error's data. */
export function siteUsage(error: ApiError): SiteReferences {
  const parsed = siteReferences.safeParse(error.data);
  return parsed.success ? parsed.data : { assets: 0, orders: 0, relocationLists: 0 };
}

export function useUploadSiteImage(id: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateSiteLists();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      // The page shows the refusal next to the upload; no second notification for it.
      return call(
        siteEndpoints.uploadImage,
        { params: { id } },
        { formData: form, notify: (e) => e.status !== 400 && e.status !== 413 },
      ).then((r) => r.data);
    },
    onSuccess: (data) => {
      client.setQueryData(siteKeys.detail(id), data);
      return invalidate();
    },
  });
}

export function useRemoveSiteImage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(siteEndpoints.removeImage, { params: { id } }).then((r) => r.data),
    onSuccess: (data) => client.setQueryData(siteKeys.detail(id), data),
  });
}
