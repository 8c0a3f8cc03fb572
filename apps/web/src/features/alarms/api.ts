import { type AlarmListQuery, alarmEndpoints as e, type QueryInputOf } from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { call, unlessFieldErrors } from '../../shared/http.ts';

export type AlarmListInput = QueryInputOf<typeof e.list>;

/** Query keys of the alarms feature; an acknowledgement refreshes every alarm list and asset state. */
export const alarmKeys = {
  all: ['alarms'] as const,
  list: (query: AlarmListInput) => [...alarmKeys.all, 'list', query] as const,
  assetState: (no: string) => [...alarmKeys.all, 'asset', no] as const,
};

/**
 * New alarms show within this long: the inbox asks again on an interval (decisions.md "Alarm inbox"), which
 * costs one indexed page query per open inbox.
 */
export const ALARM_REFRESH_MS = 10_000;

export interface AlarmListState {
  pageNo: number;
  pageSize: number;
  state: AlarmListQuery['state'];
  partnerId: string | undefined;
  categoryId: string | undefined;
  code: string | undefined;
  assetNo: string | undefined;
  days: string[];
}

/** The URL's filters as the API takes them: the two days become [first midnight, midnight after the last). */
export function alarmQueryOf(s: AlarmListState): AlarmListInput {
  const [first, last] = s.days;
  const from = first ? dayjs(first) : null;
  const to = last ? dayjs(last) : null;
  return {
    pageNo: s.pageNo,
    pageSize: s.pageSize,
    state: s.state,
    ...(s.partnerId ? { partnerId: s.partnerId } : {}),
    ...(s.categoryId ? { categoryId: s.categoryId } : {}),
    ...(s.code?.trim() ? { code: s.code.trim() } : {}),
    ...(s.assetNo?.trim() ? { assetNo: s.assetNo.trim().toUpperCase() } : {}),
    ...(from?.isValid() && to?.isValid()
      ? { from: from.startOf('day').toISOString(), to: to.add(1, 'day').startOf('day').toISOString() }
      : {}),
  };
}

export function useAlarms(query: AlarmListInput) {
  return useQuery({
    queryKey: alarmKeys.list(query),
    queryFn: ({ signal }) => call(e.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: ALARM_REFRESH_MS,
  });
}

export function useAcknowledgeAlarm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      call(e.acknowledge, { params: { id }, body: { note } }, { notify: unlessFieldErrors }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}

/** An asset's display status, active alarm or error and its latest 20 (the asset detail's status card). */
export function useAssetAlarmState(no: string) {
  return useQuery({
    queryKey: alarmKeys.assetState(no),
    queryFn: ({ signal }) => call(e.assetState, { params: { no } }, { signal }).then((r) => r.data),
    refetchInterval: ALARM_REFRESH_MS * 3,
  });
}
