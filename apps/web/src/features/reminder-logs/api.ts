import { assetTimerLogEndpoints as e } from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, unlessFieldErrors } from '../../shared/http.ts';
import { reminderKeys } from '../reminders/api.ts';
import type { AssetTimerCentreQuery, AssetTimerLogQuery } from './components/reminder-logs.model.ts';

/** Query keys of the reminder logs; an acknowledgement or a reset refreshes both screens. */
export const reminderLogKeys = {
  all: ['reminder-logs'] as const,
  log: (query: AssetTimerLogQuery) => [...reminderLogKeys.all, 'log', query] as const,
  centre: (query: AssetTimerCentreQuery) => [...reminderLogKeys.all, 'centre', query] as const,
};

/**
 * The evaluation job fires once a minute: the centre asks again twice as often, one indexed page query per open
 * screen, so a reminder shows within about 90 s of its moment without a reload.
 */
export const CENTRE_REFRESH_MS = 30_000;

export function useAssetTimerLogs(query: AssetTimerLogQuery) {
  return useQuery({
    queryKey: reminderLogKeys.log(query),
    queryFn: ({ signal }) => call(e.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    // The job, resets on other screens and other staff write the log: never show a minute-old page as current.
    staleTime: 0,
  });
}

export function useAssetTimerCentre(query: AssetTimerCentreQuery) {
  return useQuery({
    queryKey: reminderLogKeys.centre(query),
    queryFn: ({ signal }) => call(e.centre, { query }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: CENTRE_REFRESH_MS,
  });
}

export function useAcknowledgeReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (assetTimerIds: string[]) =>
      call(e.acknowledge, { body: { assetTimerIds } }).then((r) => r.data.acknowledged),
    onSuccess: () => client.invalidateQueries({ queryKey: reminderLogKeys.all }),
  });
}

/** A manual reset, from the log centre or a group's assets: both the logs and the groups' progress change. */
export function useResetAssetTimers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { assetTimerIds: string[]; note: string }) =>
      call(e.reset, { body }, { notify: unlessFieldErrors }).then((r) => r.data.reset),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: reminderLogKeys.all }),
        client.invalidateQueries({ queryKey: reminderKeys.all }),
      ]),
  });
}
