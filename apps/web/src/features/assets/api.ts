import {
  type AssetBatchCreateInput,
  type AssetBatchUpdateInput,
  type AssetExportInput,
  type AssetFileFormat,
  type AssetInput,
  type AssetPatch,
  type AssetQueryBody,
  type AssetSummary,
  assetBatchEndpoints,
  assetEndpoints,
  assetQueryEndpoints,
  categoryEndpoints,
  type IotDeviceInput,
  rentingEndpoints,
  SETTINGS_CONFIG_DEFAULTS,
  settingsConfigEndpoints,
  siteEndpoints,
  tripEndpoints,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, call, callFile, unlessFieldErrors } from '../../shared/http.ts';

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
  lists: ['assets', 'list'] as const,
  page: (body: AssetQueryBody) => [...assetKeys.lists, 'page', body] as const,
  summary: (body: AssetQueryBody) => [...assetKeys.lists, 'summary', body] as const,
  /** The same key the customization feature reads and writes, so a saved change shows here at once. */
  settingsConfig: ['settings', 'config'] as const,
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

/** A search, validated or refused by the server: field errors go to the search panel, the rest notify. */
const searchNotify = (e: ApiError) => e.code !== 'ValidationError';

/** One page of the asset search (document 1 §7.3 `$query`). */
export function useAssetQuery(body: AssetQueryBody | null) {
  return useQuery({
    queryKey: assetKeys.page(body ?? {}),
    queryFn: ({ signal }) => call(assetQueryEndpoints.query, { body: body ?? {} }, { signal, notify: searchNotify }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Counts per lifecycle and turnover state for the same filters (paging and sort do not change them). */
export function useAssetSummary(body: AssetQueryBody | null) {
  return useQuery<AssetSummary>({
    queryKey: assetKeys.summary(body ?? {}),
    queryFn: ({ signal }) =>
      call(assetQueryEndpoints.getSummary, { body: body ?? {} }, { signal, notify: false }).then((r) => r.data),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The console limits (search cooldown, bulk-action ceiling); the defaults until they arrive or if they fail. */
export function useConsoleLimits() {
  const config = useQuery({
    queryKey: assetKeys.settingsConfig,
    queryFn: ({ signal }) => call(settingsConfigEndpoints.get, {}, { signal, notify: false }).then((r) => r.data),
    staleTime: 60_000,
  });
  return {
    searchCooldownSeconds:
      config.data?.assetSearchCooldownSeconds ?? SETTINGS_CONFIG_DEFAULTS.assetSearchCooldownSeconds,
    bulkActionMaxSelection: config.data?.bulkActionMaxSelection ?? SETTINGS_CONFIG_DEFAULTS.bulkActionMaxSelection,
  };
}

/** Every change made from the list refreshes the search, the counts and any open detail page (all under 'assets'). */
function useListChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: assetKeys.all });
}

/** An inline edit in the table: one field of one asset; the cell shows a refusal, so no notification for 400/422. */
export function usePatchAssetCell() {
  const changed = useListChanged();
  return useMutation({
    mutationFn: ({ no, categoryId, body }: { no: string; categoryId: string; body: AssetPatch }) =>
      call(
        assetEndpoints.update,
        { params: { categoryId, no }, body },
        { notify: (e) => e.status !== 400 && e.status !== 422 },
      ).then((r) => r.data),
    onSuccess: changed,
  });
}

/** Batch refusals are listed against the asset numbers in the dialog, not as a notification. */
const batchNotify = (e: ApiError) => e.status !== 400 && e.status !== 422;

export function useBatchUpdateAssets() {
  const changed = useListChanged();
  return useMutation({
    mutationFn: (body: AssetBatchUpdateInput) =>
      call(assetBatchEndpoints.batchUpdate, { body }, { notify: batchNotify }).then((r) => r.data),
    onSuccess: changed,
  });
}

export function useBatchDeleteAssets() {
  const changed = useListChanged();
  return useMutation({
    mutationFn: (nos: string[]) => call(assetBatchEndpoints.batchDelete, { body: { nos } }, { notify: batchNotify }),
    onSuccess: changed,
  });
}

export function useBatchCreateAssets() {
  const changed = useListChanged();
  return useMutation({
    mutationFn: ({ categoryId, body }: { categoryId: string; body: AssetBatchCreateInput }) =>
      call(assetBatchEndpoints.batchCreate, { params: { categoryId }, body }, { notify: batchNotify }).then(
        (r) => r.data,
      ),
    onSuccess: changed,
  });
}

/** The import file of a category: a preview (dryRun) reports every row; a real run creates all or nothing. */
export function useImportAssets() {
  const changed = useListChanged();
  return useMutation({
    mutationFn: ({ categoryId, file, dryRun }: { categoryId: string; file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      return call(
        assetBatchEndpoints.import,
        { params: { categoryId }, query: { dryRun: dryRun ? 'true' : 'false' } },
        // A file with bad rows comes back as a report (422 ImportHasErrors): the drawer shows it.
        { formData: form, notify: (e) => e.status !== 422 && e.code !== 'ValidationError' },
      ).then((r) => r.data);
    },
    onSuccess: (_report, { dryRun }) => (dryRun ? undefined : changed()),
  });
}

export function downloadImportTemplate(categoryId: string, format: AssetFileFormat) {
  return callFile(assetBatchEndpoints.importTemplate, { params: { categoryId }, query: { format } });
}

export function exportAssets(body: AssetExportInput) {
  return callFile(assetBatchEndpoints.export, { body });
}

/** The asset's ongoing trip, if any (the status card links to it). */
export function useOngoingTrip(no: string, enabled: boolean) {
  return useQuery({
    queryKey: [...assetKeys.detail(no), 'ongoing-trip'] as const,
    queryFn: ({ signal }) =>
      call(
        tripEndpoints.list,
        { query: { assetNo: no, status: 'ongoing', pageNo: 1, pageSize: 1, sort: 'startedAt:desc' } },
        { signal },
      ).then((r) => r.data[0] ?? null),
    enabled,
    refetchInterval: 30_000,
  });
}

/** The asset's open order, if any (the status card links to it). */
export function useOngoingOrder(no: string, enabled: boolean) {
  return useQuery({
    queryKey: [...assetKeys.detail(no), 'ongoing-order'] as const,
    queryFn: ({ signal }) =>
      call(
        rentingEndpoints.listOrders,
        { query: { assetNo: no, status: 'Open', leaseStatus: 'InUse', pageNo: 1, pageSize: 1 } },
        { signal },
      ).then((r) => r.data[0] ?? null),
    enabled,
    refetchInterval: 30_000,
  });
}

/** A page of the orders that leased this asset, newest first (the Orders card). */
export function useAssetOrders(no: string, page: { pageNo: number; pageSize: number }, enabled: boolean) {
  return useQuery({
    queryKey: [...assetKeys.detail(no), 'orders', page] as const,
    queryFn: ({ signal }) => call(rentingEndpoints.listOrders, { query: { assetNo: no, ...page } }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
