import { rentingIntentEndpoints as e, type RentingIntent, type RentingIntentPatch } from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, call } from '../../shared/http.ts';
import type { IntentListQuery } from './components/intent-list.model.ts';

/** Query keys of the renting intents; a change invalidates the lists by prefix. */
export const intentKeys = {
  all: ['renting-intents'] as const,
  lists: () => [...intentKeys.all, 'list'] as const,
  list: (query: IntentListQuery) => [...intentKeys.lists(), query] as const,
  detail: (id: string) => [...intentKeys.all, 'detail', id] as const,
};

export function useRentingIntentList(query: IntentListQuery) {
  return useQuery({
    queryKey: intentKeys.list(query),
    queryFn: ({ signal }) => call(e.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * One intent: the dialog opened by a link whose intent is not on the current page, and the new-order flow that
 * fulfils it. Its refusals (gone, out of scope, no right to read intents) are shown where it is used.
 */
export function useRentingIntent(id: string | undefined) {
  return useQuery({
    queryKey: intentKeys.detail(id ?? ''),
    queryFn: ({ signal }) => call(e.get, { params: { id: id ?? '' } }, { signal, notify: false }).then((r) => r.data),
    enabled: Boolean(id),
    retry: false,
  });
}

/** Refusals a dialog shows itself (field errors, an intent that changed meanwhile); others notify as usual. */
const shownInDialog = (error: ApiError) =>
  error.code !== 'ValidationError' && error.code !== 'IntentNotOpen' && error.status !== 404;

/** Changes, confirms or cancels an intent; the answer is stored and every list is read again. */
export function useUpdateRentingIntent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RentingIntentPatch }) =>
      call(e.update, { params: { id }, body }, { notify: shownInDialog }).then((r) => r.data),
    onSuccess: (intent: RentingIntent) => {
      client.setQueryData(intentKeys.detail(intent.id), intent);
      return client.invalidateQueries({ queryKey: intentKeys.lists() });
    },
    // A refusal because the intent changed meanwhile: the list shows what it is now.
    onError: () => client.invalidateQueries({ queryKey: intentKeys.lists() }),
  });
}
