import {
  type AssetInput,
  type AssetPatch,
  assetEndpoints,
  categoryEndpoints,
  type IotDeviceInput,
  siteEndpoints,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, unlessFieldErrors } from '../../shared/http.ts';

/** Query keys of the assets feature; mutations invalidate by prefix. */
export const assetKeys = {
  all: ['assets'] as const,
  detail: (no: string) => [...assetKeys.all, 'detail', no] as const,
  fieldLogs: (no: string) => [...assetKeys.all, 'fieldLogs', no] as const,
  fieldLogPage: (no: string, pageNo: number, pageSize: number) =>
    [...assetKeys.fieldLogs(no), pageNo, pageSize] as const,
  categorySummaries: ['assets', 'category-summaries'] as const,
  categoryProperties: (id: string) => ['assets', 'category-properties', id] as const,
  sites: ['assets', 'site-options'] as const,
};

export function useAsset(no: string) {
  return useQuery({
    queryKey: assetKeys.detail(no),
    queryFn: ({ signal }) =>
      call(
        assetEndpoints.get,
        { params: { no } },
        { signal, notify: (e) => e.status !== 404 && e.status !== 400 },
      ).then((r) => r.data),
    retry: false,
  });
}

export function useAssetFieldLogs(no: string, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: assetKeys.fieldLogPage(no, pageNo, pageSize),
    queryFn: ({ signal }) =>
      call(assetEndpoints.fieldLogs, { params: { no }, query: { pageNo, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCategorySummaries() {
  return useQuery({
    queryKey: assetKeys.categorySummaries,
    queryFn: ({ signal }) => call(categoryEndpoints.summaries, {}, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
}

export function useCategoryProperties(categoryId: string | undefined) {
  return useQuery({
    queryKey: assetKeys.categoryProperties(categoryId ?? ''),
    queryFn: ({ signal }) =>
      call(categoryEndpoints.properties, { params: { id: categoryId ?? '' } }, { signal }).then((r) => r.data),
    enabled: Boolean(categoryId),
  });
}

/** Every non-archived site in scope; the forms narrow it to the asset's partner. */
export function useSiteOptions() {
  return useQuery({
    queryKey: assetKeys.sites,
    queryFn: ({ signal }) => call(siteEndpoints.all, {}, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
}

/** Every change to one asset refreshes it and its field log (the server writes a row per changed field). */
function useAssetChanged(no: string) {
  const client = useQueryClient();
  return (data: unknown) => {
    client.setQueryData(assetKeys.detail(no), data);
    return client.invalidateQueries({ queryKey: assetKeys.fieldLogs(no) });
  };
}

export function useCreateAsset() {
  return useMutation({
    mutationFn: ({ categoryId, body }: { categoryId: string; body: AssetInput }) =>
      call(assetEndpoints.create, { params: { categoryId }, body }, { notify: unlessFieldErrors }).then((r) => r.data),
  });
}

export function useUpdateAsset(no: string, categoryId: string) {
  const changed = useAssetChanged(no);
  return useMutation({
    mutationFn: (body: AssetPatch) =>
      call(assetEndpoints.update, { params: { categoryId, no }, body }, { notify: unlessFieldErrors }).then(
        (r) => r.data,
      ),
    onSuccess: changed,
  });
}

/** A refusal (renting out, dispatching) is shown on the page, not as a second notification. */
export function useDeleteAsset(no: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      call(assetEndpoints.remove, { params: { no } }, { notify: (e) => e.status >= 500 || e.status === 0 }),
    onSuccess: () => client.removeQueries({ queryKey: assetKeys.detail(no) }),
  });
}

export function useUploadPropertyImage(no: string, propertyId: string) {
  const changed = useAssetChanged(no);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      // ImageUpload shows 400/413 next to the picture; no second notification for them.
      return call(
        assetEndpoints.uploadImage,
        { params: { no, propertyId } },
        { formData: form, notify: (e) => e.status !== 400 && e.status !== 413 },
      ).then((r) => r.data);
    },
    onSuccess: changed,
  });
}

export function useRemovePropertyImage(no: string, propertyId: string) {
  const changed = useAssetChanged(no);
  return useMutation({
    mutationFn: () => call(assetEndpoints.removeImage, { params: { no, propertyId } }).then((r) => r.data),
    onSuccess: changed,
  });
}

/** "Already bound" is shown on the bind form itself. */
export function useBindIotDevice(no: string) {
  const changed = useAssetChanged(no);
  return useMutation({
    mutationFn: (body: IotDeviceInput) =>
      call(
        assetEndpoints.bindIotDevice,
        { params: { no }, body },
        { notify: (e) => e.code !== 'ValidationError' && e.code !== 'IotDeviceAlreadyBound' },
      ).then((r) => r.data),
    onSuccess: changed,
  });
}

export function useUnbindIotDevice(no: string) {
  const changed = useAssetChanged(no);
  return useMutation({
    mutationFn: () => call(assetEndpoints.unbindIotDevice, { params: { no } }).then((r) => r.data),
    onSuccess: changed,
  });
}
