import {
  type OperationSettingInput,
  type OperationSettingPatch,
  operationSettingEndpoints,
  type QueryInputOf,
  type SmsServiceInput,
  smsServiceEndpoints,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, call } from '../../shared/http.ts';
import { fetchAllPages } from '../../shared/ui/list-page.tsx';

export type OperationSettingListQuery = QueryInputOf<typeof operationSettingEndpoints.list>;

/** Query keys of the operations feature; mutations invalidate by prefix. */
export const operationKeys = {
  all: ['operationSettings'] as const,
  lists: () => [...operationKeys.all, 'list'] as const,
  list: (query: OperationSettingListQuery) => [...operationKeys.lists(), query] as const,
  /** Which partners already have a setting (the partner picker offers the others). */
  partnersSet: () => [...operationKeys.all, 'partnersSet'] as const,
  sms: (partnerId: string) => ['smsServices', partnerId] as const,
};

/**
 * Refusals the screen shows on the row's cells (field errors, one setting per partner, locked currency)
 * stay out of the global notification; anything else still gets it.
 */
export const FIELD_ERROR_CODES = new Set([
  'ValidationError',
  'OperationSettingExists',
  'CurrencyLocked',
  'PartnerLocked',
]);
const unlessOnCells = (error: ApiError) => !FIELD_ERROR_CODES.has(error.code);

/** `data.fields` of any refusal that names fields (ValidationError and the 409/422 ones above). */
export function fieldsOf(error: unknown): Record<string, string> | null {
  const data = (error as ApiError | undefined)?.data;
  if (typeof data !== 'object' || data === null) return null;
  const fields = (data as { fields?: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return null;
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

export function useOperationSettings(query: OperationSettingListQuery) {
  return useQuery({
    queryKey: operationKeys.list(query),
    queryFn: ({ signal }) => call(operationSettingEndpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePartnersWithSetting(enabled: boolean) {
  return useQuery({
    queryKey: operationKeys.partnersSet(),
    queryFn: async ({ signal }) => {
      const rows = await fetchAllPages((pageNo, pageSize) =>
        call(operationSettingEndpoints.list, { query: { pageNo, pageSize } }, { signal }),
      );
      return new Set(rows.map((r) => r.accountPartnerId));
    },
    enabled,
  });
}

function useInvalidateSettings() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: operationKeys.all });
}

export function useCreateOperationSetting() {
  const invalidate = useInvalidateSettings();
  return useMutation({
    mutationFn: (body: OperationSettingInput) =>
      call(operationSettingEndpoints.create, { body }, { notify: unlessOnCells }),
    onSuccess: invalidate,
  });
}

export function useUpdateOperationSetting() {
  const invalidate = useInvalidateSettings();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OperationSettingPatch }) =>
      call(operationSettingEndpoints.update, { params: { id }, body }, { notify: unlessOnCells }),
    onSuccess: invalidate,
  });
}

export function useConfirmOperationSetting() {
  const invalidate = useInvalidateSettings();
  return useMutation({
    mutationFn: (id: string) => call(operationSettingEndpoints.confirm, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useDeleteOperationSetting() {
  const invalidate = useInvalidateSettings();
  return useMutation({
    mutationFn: (id: string) => call(operationSettingEndpoints.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** The partner's SMS service; null when none is set up (a 404 here is an answer, not a failure). */
export function useSmsService(partnerId: string | undefined) {
  return useQuery({
    queryKey: operationKeys.sms(partnerId ?? ''),
    queryFn: async ({ signal }) => {
      try {
        const res = await call(
          smsServiceEndpoints.get,
          { params: { partnerId: partnerId ?? '' } },
          { signal, notify: (e) => e.status !== 404 },
        );
        return res.data;
      } catch (error) {
        if ((error as ApiError).status === 404) return null;
        throw error;
      }
    },
    enabled: Boolean(partnerId),
  });
}

export function usePutSmsService(partnerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SmsServiceInput) =>
      call(smsServiceEndpoints.put, { params: { partnerId }, body }, { notify: unlessOnCells }),
    onSuccess: ({ data }) => client.setQueryData(operationKeys.sms(partnerId), data),
  });
}

export function useDeleteSmsService(partnerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(smsServiceEndpoints.remove, { params: { partnerId } }),
    onSuccess: () => client.setQueryData(operationKeys.sms(partnerId), null),
  });
}
