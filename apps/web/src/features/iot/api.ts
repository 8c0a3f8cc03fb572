import {
  type BatchInvokeCommandInput,
  type BatchModifyConfigInput,
  type ControlRecordQuery,
  iotEndpoints as e,
  type IotControlRecord,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, unlessFieldErrors } from '../../shared/http.ts';
import { assetKeys } from '../assets/api.ts';

export type ControlRecordKind = IotControlRecord['kind'];

/** Query keys of the IoT feature; a command or config sent invalidates everything under `all`. */
export const iotKeys = {
  all: ['iot'] as const,
  deviceModels: ['iot', 'device-models'] as const,
  records: (kind: ControlRecordKind, query: ControlRecordQuery) => ['iot', 'records', kind, query] as const,
  record: (kind: ControlRecordKind, id: string) => ['iot', 'record', kind, id] as const,
  followed: (kind: ControlRecordKind, ids: readonly string[]) => ['iot', 'followed', kind, ids] as const,
  assetConfigs: (assetNo: string) => ['iot', 'asset-configs', assetNo] as const,
  ongoingUse: (assetNos: readonly string[]) => ['iot', 'ongoing-use', assetNos] as const,
};

/** How often the console asks again while a record it follows is still pending. */
export const FOLLOW_INTERVAL_MS = 1000;

/** Each vendor's device model: which commands and config items it understands. Changes only with a release. */
export function useIotDeviceModels(enabled = true) {
  return useQuery({
    queryKey: iotKeys.deviceModels,
    queryFn: ({ signal }) => call(e.iotDeviceModels, {}, { signal }).then((r) => r.data),
    staleTime: 60 * 60 * 1000,
    enabled,
  });
}

/** The list's URL state as the API query: empty filters left out, the requested range as two instants. */
export function controlRecordQuery(
  kind: ControlRecordKind,
  state: {
    pageNo: number;
    pageSize: number;
    sort: string;
    assetNo: string | undefined;
    command: string | undefined;
    status: ControlRecordQuery['status'];
    channel: ControlRecordQuery['channel'];
    initiator: ControlRecordQuery['initiator'];
    requested: string[];
  },
): ControlRecordQuery {
  const [from, to] = state.requested;
  const valid = (v: string | undefined): v is string => Boolean(v) && !Number.isNaN(Date.parse(v ?? ''));
  return {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    sort: state.sort === 'requestedAt:asc' ? 'requestedAt:asc' : 'requestedAt:desc',
    ...(state.assetNo?.trim() ? { assetNo: state.assetNo.trim().toUpperCase() } : {}),
    ...(kind === 'command' && state.command ? { command: state.command } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(state.channel ? { channel: state.channel } : {}),
    ...(state.initiator ? { initiator: state.initiator } : {}),
    ...(valid(from) && valid(to)
      ? { requestedFrom: new Date(from).toISOString(), requestedTo: new Date(to).toISOString() }
      : {}),
  };
}

/** The list endpoint of one kind of record. */
const listEndpoint = (kind: ControlRecordKind) => (kind === 'command' ? e.commandRecords : e.configRecords);

export function fetchControlRecords(kind: ControlRecordKind, query: ControlRecordQuery, signal?: AbortSignal) {
  return call(listEndpoint(kind), { query }, { signal });
}

/** One page of command or config records (the control-record screen, the asset detail's latest records). */
export function useControlRecords(
  kind: ControlRecordKind,
  query: ControlRecordQuery,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: iotKeys.records(kind, query),
    queryFn: ({ signal }) => fetchControlRecords(kind, query, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/**
 * The records a batch just created, asked for again every second until none is pending (then polling stops).
 * The batch response seeds the query so the table shows at once. They are read through the sender's own call
 * (`sentRecords`), so a user who may send but not read control records still sees the outcome. Polling stops
 * on any refusal (a 403 once the permission is gone, a 404 once the scope no longer holds the asset): asking
 * again would only be refused again; the results say so in place of a toast. Closing the dialog unmounts the
 * results, and a query nobody observes is not refetched.
 */
export function useFollowedRecords(kind: ControlRecordKind, created: IotControlRecord[]) {
  const queryClient = useQueryClient();
  const ids = created.map((r) => r.id);
  return useQuery({
    queryKey: iotKeys.followed(kind, ids),
    queryFn: async ({ signal }) => {
      const { data } = await call(e.sentRecords, { query: { ids: ids.join(',') } }, { signal, notify: false });
      if (!data.some((r) => r.status === 'pending')) {
        // Settled: lock state, last update and the record lists elsewhere on the screen may have changed.
        void queryClient.invalidateQueries({ queryKey: ['iot', 'records'] });
        void queryClient.invalidateQueries({ queryKey: ['iot', 'asset-configs'] });
        for (const r of data) void queryClient.invalidateQueries({ queryKey: assetKeys.detail(r.assetNo) });
      }
      return data;
    },
    initialData: created,
    initialDataUpdatedAt: 0,
    enabled: ids.length > 0,
    retry: false,
    refetchInterval: followInterval,
    refetchIntervalInBackground: true,
  });
}

/** Ask again while a record is pending and the last answer was not a refusal. */
export function followInterval(query: {
  state: { data: IotControlRecord[] | undefined; error: unknown };
}): number | false {
  if (query.state.error) return false;
  return (query.state.data ?? []).some((r) => r.status === 'pending') ? FOLLOW_INTERVAL_MS : false;
}

/**
 * Who is using these assets right now (open order, unfinished trip), asked just before a command that would
 * stop them; never cached, since a rental can start or end between two commands.
 */
export function useFetchOngoingUse() {
  const queryClient = useQueryClient();
  return (assetNos: string[]) =>
    queryClient.fetchQuery({
      queryKey: iotKeys.ongoingUse(assetNos),
      queryFn: ({ signal }) =>
        call(e.ongoingUse, { body: { assetNos } }, { signal, notify: false }).then((r) => r.data),
      staleTime: 0,
      retry: false,
    });
}

export function useControlRecord(kind: ControlRecordKind, id: string | undefined) {
  return useQuery({
    queryKey: iotKeys.record(kind, id ?? ''),
    queryFn: async ({ signal }) => {
      if (kind === 'command') {
        return call(
          e.commandRecord,
          { params: { id: id ?? '' } },
          { signal, notify: (err) => err.status !== 404 },
        ).then((r) => r.data);
      }
      // Config records have no single-record call: the list filtered by the id holds it.
      const page = await fetchControlRecords('config', { ids: id ?? '', pageNo: 1, pageSize: 1 }, signal);
      const record = page.data[0];
      if (!record) throw new Error('not found');
      return record;
    },
    enabled: Boolean(id),
    retry: false,
  });
}

/** The config an asset's device confirmed, with the changes still pending. */
export function useAssetConfigs(assetNo: string, enabled: boolean) {
  return useQuery({
    queryKey: iotKeys.assetConfigs(assetNo),
    queryFn: ({ signal }) => call(e.configsByAssetNo, { body: { assetNo } }, { signal }).then((r) => r.data),
    enabled,
  });
}

export function useBatchInvokeCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BatchInvokeCommandInput) =>
      call(e.batchInvokeCommand, { body }).then((r) => r.createdCommandRecords),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['iot', 'records'] }),
  });
}

export function useBatchModifyConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BatchModifyConfigInput) =>
      call(e.batchModifyConfig, { body }, { notify: unlessFieldErrors }).then((r) => r.createdConfigRecords),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['iot', 'records'] });
      await queryClient.invalidateQueries({ queryKey: ['iot', 'asset-configs'] });
    },
  });
}
