import {
  type AssetType,
  assetTypes,
  type CategoryInput,
  categoryEndpoints,
  type QueryInputOf,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../shared/http.ts';

export type CategoryListQuery = QueryInputOf<typeof categoryEndpoints.list>;

/** Query keys of the categories feature; mutations invalidate by prefix. */
export const categoryKeys = {
  all: ['categories'] as const,
  lists: () => [...categoryKeys.all, 'list'] as const,
  list: (query: CategoryListQuery) => [...categoryKeys.lists(), query] as const,
  detail: (id: string) => [...categoryKeys.all, 'detail', id] as const,
  summaries: () => [...categoryKeys.all, 'summaries'] as const,
};

const isAssetType = (value: string | undefined): value is AssetType =>
  value !== undefined && (assetTypes as readonly string[]).includes(value);

/** The list's URL state as the query string: empty filters are left out (document 1 §7.9). */
export function categoryListQuery(state: {
  pageNo: number;
  pageSize: number;
  sort: string;
  search: string | undefined;
  assetType: string | undefined;
  isEnabled: boolean | undefined;
}): CategoryListQuery {
  return {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    sort: state.sort as CategoryListQuery['sort'],
    ...(state.search ? { search: state.search } : {}),
    ...(isAssetType(state.assetType) ? { assetType: state.assetType } : {}),
    ...(state.isEnabled === undefined ? {} : { isEnabled: state.isEnabled ? 'true' : 'false' }),
  };
}

/** The field a conflict names (`data.fields`), e.g. "properties.2.name" for a repeated property name. */
function conflictFields(error: ApiError): Record<string, string> | null {
  if (error.status !== 409 || typeof error.data !== 'object' || error.data === null) return null;
  const fields = (error.data as { fields?: unknown }).fields;
  return typeof fields === 'object' && fields !== null ? (fields as Record<string, string>) : null;
}

/**
 * A conflict that names a field (same category name, same property name, a value type that cannot change)
 * is shown on that field like a validation error, so the forms read it through `fieldErrors`.
 */
function asFieldErrors(error: unknown): never {
  if (error instanceof ApiError) {
    const fields = conflictFields(error);
    if (fields) throw new ApiError(error.status, 'ValidationError', error.message, { fields }, error.url);
  }
  throw error;
}

/** Field errors are shown on the form; everything else still gets the global notification. */
const unlessOnFields = (error: ApiError) => error.code !== 'ValidationError' && conflictFields(error) === null;

export function fetchCategoryPage(query: CategoryListQuery, signal?: AbortSignal) {
  return call(categoryEndpoints.list, { query }, { signal });
}

export function useCategoryList(query: CategoryListQuery) {
  return useQuery({
    queryKey: categoryKeys.list(query),
    queryFn: ({ signal }) => fetchCategoryPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCategory(id: string | undefined) {
  return useQuery({
    queryKey: categoryKeys.detail(id ?? ''),
    // A 404 is shown by the page ("The data do not exist!"), not as a notification.
    queryFn: ({ signal }) =>
      call(categoryEndpoints.get, { params: { id: id ?? '' } }, { signal, notify: (e) => e.status !== 404 }).then(
        (r) => r.data,
      ),
    enabled: Boolean(id),
  });
}

function useInvalidateCategories() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: categoryKeys.lists() }),
      client.invalidateQueries({ queryKey: categoryKeys.summaries() }),
    ]);
}

/** The three-step form saves the category and its properties in one request. */
export function useCreateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (body: CategoryInput) =>
      call(categoryEndpoints.create, { body }, { notify: unlessOnFields })
        .then((r) => r.data)
        .catch(asFieldErrors),
    onSuccess: invalidate,
  });
}

export function useUpdateCategory(id: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (body: CategoryInput) =>
      call(categoryEndpoints.update, { params: { id }, body }, { notify: unlessOnFields })
        .then((r) => r.data)
        .catch(asFieldErrors),
    onSuccess: (data) => {
      client.setQueryData(categoryKeys.detail(id), data);
      return invalidate();
    },
  });
}

/** Enable or disable; disabling sets the category's assets to Removed on the server. */
export function useSetCategoryEnabled() {
  const client = useQueryClient();
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      call(enabled ? categoryEndpoints.enable : categoryEndpoints.disable, { params: { id } }).then((r) => r.data),
    onSuccess: (data) => {
      client.setQueryData(categoryKeys.detail(data.id), data);
      return invalidate();
    },
  });
}

export function useUploadCategoryImage(id: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      // The page shows the refusal next to the upload; no second notification for it.
      return call(
        categoryEndpoints.uploadImage,
        { params: { id } },
        { formData: form, notify: (e) => e.status !== 400 && e.status !== 413 },
      ).then((r) => r.data);
    },
    onSuccess: (data) => {
      client.setQueryData(categoryKeys.detail(id), data);
      return invalidate();
    },
  });
}

export function useRemoveCategoryImage(id: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: () => call(categoryEndpoints.removeImage, { params: { id } }).then((r) => r.data),
    onSuccess: (data) => {
      client.setQueryData(categoryKeys.detail(id), data);
      return invalidate();
    },
  });
}
