import {
  type AssetMapBody,
  type AssetMapData,
  assetMapEndpoints,
  assetMapLiveEvents,
  type Site,
  siteEndpoints,
  TOO_MANY_MAP_RESULTS,
} from '@fleetdesk/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { call, callEvents, isApiError } from '../../shared/http.ts';
import { applyChanges } from './components/map-model.ts';

export const assetMapKeys = {
  all: ['asset-map'] as const,
  view: (body: AssetMapBody) => [...assetMapKeys.all, 'view', body] as const,
  sites: ['asset-map', 'sites'] as const,
};

/** Too many single assets: the page says "zoom in" instead of a notification. */
export const isTooMany = (error: unknown) => isApiError(error) && error.code === TOO_MANY_MAP_RESULTS;

/** The map data of one viewport and filter set; the previous answer stays on screen while the next loads. */
export function useAssetMap(body: AssetMapBody | null) {
  return useQuery({
    queryKey: assetMapKeys.view(body ?? ({} as AssetMapBody)),
    queryFn: ({ signal }): Promise<AssetMapData> =>
      call(
        assetMapEndpoints.map,
        { body: body as AssetMapBody },
        // A too-large viewport is shown on the map; a bad filter on the filter panel.
        { signal, notify: (e) => e.code !== TOO_MANY_MAP_RESULTS && e.code !== 'ValidationError' },
      ).then((r) => r.data),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Waits before reconnecting after the stream ended or failed. */
const RECONNECT_MS = 5_000;

export type LiveState = 'off' | 'connecting' | 'live' | 'tooMany';

/**
 * Keeps the shown map data current: a server-sent-events stream for the same viewport and filters, started
 * with the version on screen, patching the cached answer as events arrive. Reconnects when the server ends
 * the stream; pauses while the tab is hidden.
 */
export function useAssetMapLive(body: AssetMapBody | null, version: string | undefined): LiveState {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>('off');
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  // The version the stream starts from is read when it (re)connects, not a reason to reconnect.
  const versionRef = useRef(version);
  versionRef.current = version;
  const bodyKey = body ? JSON.stringify(body) : null;
  const hasVersion = version !== undefined;

  useEffect(() => {
    const onVisibility = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  useEffect(() => {
    // Only once the viewport's data is on screen: the stream starts from its version.
    if (!bodyKey || !visible || !hasVersion) {
      setState('off');
      return;
    }
    const viewBody = JSON.parse(bodyKey) as AssetMapBody;
    const key = assetMapKeys.view(viewBody);
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;

    const connect = async () => {
      setState('connecting');
      try {
        await callEvents(
          assetMapEndpoints.live,
          { body: { ...viewBody, version: versionRef.current } },
          {
            onOpen: () => setState('live'),
            onEvent: (event) => {
              if (event.type === 'snapshot') {
                const parsed = assetMapLiveEvents.snapshot.safeParse(event.data);
                if (parsed.success) client.setQueryData<AssetMapData>(key, parsed.data);
                setState('live');
              } else if (event.type === 'changes') {
                const parsed = assetMapLiveEvents.changes.safeParse(event.data);
                if (parsed.success)
                  client.setQueryData<AssetMapData>(key, (old) => (old ? applyChanges(old, parsed.data) : old));
                setState('live');
              } else if (event.type === 'tooMany') {
                setState('tooMany');
              }
            },
          },
          { signal: abort.signal, notify: false },
        );
        if (!abort.signal.aborted) setState((s) => (s === 'tooMany' ? s : 'connecting'));
      } catch {
        if (abort.signal.aborted) return;
        setState('connecting');
      }
      if (!abort.signal.aborted) timer = setTimeout(connect, RECONNECT_MS);
    };
    void connect();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [bodyKey, visible, hasVersion, client]);

  return state;
}

const SITE_PAGES_MAX = 20;

/** Every non-archived site in scope with a position, for the fences (paged through, 100 at a time). */
export function useSiteFences(enabled: boolean) {
  return useQuery({
    queryKey: assetMapKeys.sites,
    queryFn: async ({ signal }) => {
      const found: Site[] = [];
      for (let pageNo = 1; pageNo <= SITE_PAGES_MAX; pageNo++) {
        const page = await call(
          siteEndpoints.query,
          { body: { pageNo, pageSize: 100, isArchived: false } },
          { signal, notify: false },
        );
        found.push(...page.data);
        if (found.length >= page.count || page.data.length === 0) break;
      }
      return found.filter((s) => s.latitude !== null && s.longitude !== null);
    },
    enabled,
    staleTime: 5 * 60_000,
  });
}
