import {
  ASSET_MAP_ASSETS_MIN_ZOOM,
  ASSET_MAP_MAX_ZOOM,
  type AssetMapCluster,
  type AssetMapData,
  type MapViewport,
} from '@fleetdesk/contracts';
import { Badge, Button, Drawer, Flex, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup, useMap } from 'react-map-gl/maplibre';
import { type ClusterMarker, ClusterMarkers } from '../../../map/layers/cluster-markers.tsx';
import { FencesLayer } from '../../../map/layers/fences-layer.tsx';
import { PointLayer } from '../../../map/layers/point-layer.tsx';
import type { LngLat } from '../../../map/map-geo.ts';
import { AssetCard, AssetStackList } from './asset-popup.tsx';
import { isSinglePosition, segmentsOf, stacksOf, statusColors, viewportOf } from './map-model.ts';

export interface Camera {
  viewport: MapViewport;
  zoom: number;
  center: { lng: number; lat: number };
}

/** What the popup shows: one asset, or the list of a stack (and maybe one asset picked from it). */
type Selection = { kind: 'asset'; no: string } | { kind: 'stack'; id: string; no?: string };

/** The camera settles this long after the last move before the map asks for data. */
const SETTLE_MS = 200;

export interface AssetMapLayersProps {
  data: AssetMapData | undefined;
  fences: readonly { center: LngLat; radius: number }[];
  onCamera: (camera: Camera) => void;
  /** The keyboard's way into the map: a list of what it shows (assets, or clusters when zoomed out). */
  listOpen: boolean;
  onListClose: () => void;
}

/**
 * Everything the asset map draws above the base map: site fences, clusters (rings by display status),
 * single assets (dots), stacks of co-located assets, and the popup. Reports the camera when it settles.
 */
export function AssetMapLayers({ data, fences, onCamera, listOpen, onListClose }: AssetMapLayersProps) {
  const { t } = useTranslation('asset-map');
  const { current: map } = useMap();
  const [selected, setSelected] = useState<Selection | null>(null);

  useEffect(() => {
    if (!map) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const report = () => {
      const b = map.getBounds();
      const center = map.getCenter();
      onCamera({
        viewport: viewportOf({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }),
        zoom: map.getZoom(),
        center: { lng: center.lng, lat: center.lat },
      });
    };
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(report, SETTLE_MS);
    };
    report();
    map.on('moveend', settle);
    map.on('resize', settle);
    return () => {
      clearTimeout(timer);
      map.off('moveend', settle);
      map.off('resize', settle);
    };
  }, [map, onCamera]);

  const { alone, stacks } = useMemo(() => stacksOf(data?.assets ?? []), [data]);
  const points = useMemo(
    () => alone.map((a) => ({ id: a.no, position: [a.lng, a.lat] as LngLat, color: statusColors[a.status] })),
    [alone],
  );
  const clusters = useMemo<(ClusterMarker & { cluster?: AssetMapCluster })[]>(() => {
    const ofClusters = (data?.clusters ?? []).map((c, i) => {
      const parts = segmentsOf(c.statuses);
      return {
        // By place in the grid order, not by centre: a live update that moves the centre a little keeps the
        // marker (and its focus) instead of replacing it.
        id: `c:${i}`,
        position: [c.lng, c.lat] as LngLat,
        count: c.count,
        segments: parts.map((p) => ({ color: statusColors[p.status], value: p.value })),
        label: t('cluster', {
          count: c.count,
          parts: parts.map((p) => `${p.value} ${t(`status.${p.status}`)}`).join(', '),
        }),
        cluster: c,
      };
    });
    const ofStacks = stacks.map((s) => {
      const counts: Partial<Record<string, number>> = {};
      for (const a of s.assets) counts[a.status] = (counts[a.status] ?? 0) + 1;
      return {
        id: `s:${s.id}`,
        position: [s.lng, s.lat] as LngLat,
        count: s.assets.length,
        segments: segmentsOf(counts).map((p) => ({ color: statusColors[p.status], value: p.value })),
        label: t('stack', { count: s.assets.length }),
      };
    });
    return [...ofClusters, ...ofStacks];
  }, [data, stacks, t]);

  const open = (marker: ClusterMarker & { cluster?: AssetMapCluster }) => {
    if (!map) return;
    const c = marker.cluster;
    if (!c) {
      setSelected({ kind: 'stack', id: marker.id.slice(2) });
      return;
    }
    if (isSinglePosition(c.bounds)) {
      // Zooming cannot split assets parked in one spot: go to the zoom where they come one by one, as a stack.
      map.flyTo({ center: [c.lng, c.lat], zoom: Math.max(map.getZoom() + 1, ASSET_MAP_ASSETS_MIN_ZOOM + 2) });
      return;
    }
    const [w, s, e, n] = c.bounds;
    map.fitBounds(
      [
        [w, s],
        [e, n],
      ],
      { padding: 80, maxZoom: Math.max(map.getZoom() + 1, Math.min(ASSET_MAP_MAX_ZOOM, 18)), duration: 500 },
    );
  };

  // The popup follows live changes of its asset and closes when the asset leaves the view.
  const stack = selected?.kind === 'stack' ? stacks.find((s) => s.id === selected.id) : undefined;
  const assetNo = selected?.kind === 'asset' ? selected.no : selected?.no;
  const asset = assetNo ? data?.assets.find((a) => a.no === assetNo) : undefined;
  const anchor = stack ?? asset;

  return (
    <>
      <FencesLayer id="asset-map-fences" fences={fences} />
      <PointLayer id="asset-map-assets" points={points} onSelect={(no) => setSelected({ kind: 'asset', no })} />
      <ClusterMarkers clusters={clusters} onSelect={open} />
      {anchor && (
        <Popup
          longitude={anchor.lng}
          latitude={anchor.lat}
          anchor="bottom"
          offset={14}
          maxWidth="340px"
          closeButton
          onClose={() => setSelected(null)}
        >
          {asset ? (
            <AssetCard asset={asset} onBack={stack ? () => setSelected({ kind: 'stack', id: stack.id }) : undefined} />
          ) : stack ? (
            <AssetStackList assets={stack.assets} onPick={(no) => setSelected({ kind: 'stack', id: stack.id, no })} />
          ) : null}
        </Popup>
      )}
      <Drawer title={t('list.title')} open={listOpen} onClose={onListClose}>
        {data?.mode === 'clusters' && <Typography.Paragraph type="secondary">{t('list.zoomIn')}</Typography.Paragraph>}
        <ul
          aria-label={t('list.title')}
          data-testid="asset-map-list"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {data?.mode === 'clusters'
            ? clusters.map((marker) => (
                <li key={marker.id}>
                  <Button
                    type="text"
                    block
                    style={{ textAlign: 'start', height: 'auto', whiteSpace: 'normal' }}
                    onClick={() => {
                      onListClose();
                      open(marker);
                    }}
                  >
                    {marker.label}
                  </Button>
                </li>
              ))
            : (data?.assets ?? []).map((a) => (
                <li key={a.no}>
                  <Button
                    type="text"
                    block
                    style={{ textAlign: 'start' }}
                    onClick={() => {
                      onListClose();
                      setSelected({ kind: 'asset', no: a.no });
                    }}
                  >
                    <Flex justify="space-between" gap={8} style={{ width: '100%' }}>
                      <Badge color={statusColors[a.status]} text={a.no} />
                      <span>
                        {t(`status.${a.status}`)}
                        {a.chargePct === null ? '' : ` · ${a.chargePct} %`}
                      </span>
                    </Flex>
                  </Button>
                </li>
              ))}
        </ul>
      </Drawer>
    </>
  );
}
