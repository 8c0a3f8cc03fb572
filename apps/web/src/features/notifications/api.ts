import {
  type Notification,
  type NotificationSettingsInput,
  notificationEndpoints,
  notificationLiveEvents,
} from '@fleetdesk/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, unlessFieldErrors } from '../../shared/http.ts';
import { keepStreamOpen } from '../../shared/live-stream.ts';
import { useToken } from '../../shared/profile.ts';

/** Query keys of the notifications feature. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
};

export const NOTIFICATION_PAGE_SIZE = 10;
/** Without the live stream the count is refreshed this often (never more often: issue 23 allows 30 s at most). */
export const UNREAD_FALLBACK_MS = 60_000;

/**
 * The signed-in user's live stream: each `state` event sets the unread count and, when a notification arrived,
 * refreshes the list. Answers whether the stream is up (the count falls back to a slow refresh while it is not).
 */
export function useNotificationStream(): boolean {
  const token = useToken();
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!token) return;
    const close = keepStreamOpen(
      notificationEndpoints.live,
      {},
      {
        onState: setLive,
        onEvent: (event) => {
          if (event.type !== 'state') return;
          const parsed = notificationLiveEvents.state.safeParse(event.data);
          if (!parsed.success) return;
          client.setQueryData(notificationKeys.unread(), { count: parsed.data.unread });
          if (parsed.data.latest) void client.invalidateQueries({ queryKey: notificationKeys.list() });
        },
      },
    );
    return () => {
      close();
      setLive(false);
    };
  }, [token, client]);
  return live;
}

export function useUnreadCount(live: boolean) {
  const token = useToken();
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => call(notificationEndpoints.unreadCount, {}, { signal, notify: false }).then((r) => r.data),
    enabled: token !== null,
    refetchInterval: live ? false : UNREAD_FALLBACK_MS,
  });
}

/** The drawer's list, newest first, a page at a time ("load more"). */
export function useNotificationList(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal, pageParam }) =>
      call(notificationEndpoints.list, { query: { pageNo: pageParam, pageSize: NOTIFICATION_PAGE_SIZE } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.data.length, 0) < last.count ? pages.length + 1 : undefined,
    enabled,
    staleTime: 0,
  });
}

/** Marking read changes the list and the count: both are read again (the settings are not). */
function useChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: notificationKeys.list() }),
      client.invalidateQueries({ queryKey: notificationKeys.unread() }),
    ]);
}

export function useMarkRead() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (n: Notification) => call(notificationEndpoints.read, { params: { id: n.id } }).then((r) => r.data),
    onSuccess: changed,
  });
}

export function useMarkAllRead() {
  const changed = useChanged();
  return useMutation({
    mutationFn: () => call(notificationEndpoints.readAll, {}).then((r) => r.data),
    onSuccess: changed,
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings(),
    queryFn: ({ signal }) => call(notificationEndpoints.settings, {}, { signal }).then((r) => r.data),
  });
}

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingsInput) =>
      call(notificationEndpoints.updateSettings, { body }, { notify: unlessFieldErrors }).then((r) => r.data),
    onSuccess: (saved) => client.setQueryData(notificationKeys.settings(), saved),
  });
}
