import 'maplibre-gl/dist/maplibre-gl.css';
import * as maplibregl from 'maplibre-gl';
// The worker is a separate file maplibre starts itself; bundled, its default `new URL(…, import.meta.url)`
// would point next to the chunk under a name Vite never emitted, so the URL is handed over explicitly.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { use, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AttributionControl,
  type ErrorEvent,
  Map as MapGL,
  type MapLayerMouseEvent,
  type MapRef,
  NavigationControl,
  ScaleControl,
} from 'react-map-gl/maplibre';
import { type Basemap, giveUpStreetMap, pageBasemap, streetTileWatch } from './basemap.ts';
import { enableFramePan } from './frame-pan.ts';
import { mapColors } from './map-colors.ts';
import { MapMessage } from './map-message.tsx';
import { ATLAS_PROTOCOL, atlasProtocol, baseStyle, fillAtlas } from './map-style.ts';
import type { MapViewProps } from './map-view.tsx';
import { softwareRenderer, webgl2Available } from './webgl.ts';

maplibregl.setWorkerUrl(workerUrl);
maplibregl.addProtocol(ATLAS_PROTOCOL, atlasProtocol);

const atlasStyle = baseStyle();

/** Maps that pan by frame already: the ref is set again for the same map when StrictMode re-runs effects. */
const framePanned = new WeakSet<object>();

/**
 * On a software renderer, frame panning from the moment the map exists: a user (or a test) may drag while the
 * style is still loading, before maplibre's `load`.
 */
function withFramePan(ref: MapRef | null) {
  const map = ref?.getMap();
  if (!map || framePanned.has(map) || !softwareRenderer()) return;
  framePanned.add(map);
  enableFramePan(map);
}

/** The maplibre side of MapView, loaded only when a page shows a map (maplibre is ~1 MB). */
export default function MapCanvas({ label, description, initialView, height, onPick, children }: MapViewProps) {
  const { t, i18n } = useTranslation('map');
  const [gpuFailed, setGpuFailed] = useState(false);
  // Suspends (MapView shows "Loading the map…") until the page knows whether the street style loads.
  const [basemap, setBasemap] = useState(use(pageBasemap()));
  const streetTiles = useRef(streetTileWatch()).current;
  // The first view only: later camera moves belong to the page (FitBounds) and to the user.
  const initialViewState = useRef(
    'bounds' in initialView
      ? { bounds: initialView.bounds, fitBoundsOptions: { padding: 40, maxZoom: initialView.maxZoom ?? 16 } }
      : { longitude: initialView.center[0], latitude: initialView.center[1], zoom: initialView.zoom },
  ).current;

  // maplibre reads its UI strings once, when the map is created: the key below recreates it on a language switch.
  const locale = useMemo(
    () => ({
      'Map.Title': label,
      'Marker.Title': t('marker'),
      'NavigationControl.ZoomIn': t('zoomIn'),
      'NavigationControl.ZoomOut': t('zoomOut'),
      'NavigationControl.ResetBearing': t('resetBearing'),
      'ScaleControl.Meters': t('scale.meters'),
      'ScaleControl.Kilometers': t('scale.kilometers'),
    }),
    [label, t],
  );

  if (gpuFailed || !webgl2Available()) return <MapMessage label={label} height={height} text={t('noWebgl')} />;

  const onError = (event: ErrorEvent) => {
    const { error } = event;
    if (error instanceof maplibregl.GPUInitializationError) setGpuFailed(true);
    else if (ofStreetMap(basemap, event) && streetTiles.tileFailed()) setBasemap(giveUpStreetMap());
    // Anything else (a source that failed to load) leaves a usable map: report it, keep the map.
    else console.warn('map:', error);
  };

  return (
    <MapGL
      // A new map when the street map is given up for the atlas too: the layers are added again on a fresh style.
      key={`${i18n.language}-${basemap.kind}`}
      ref={withFramePan}
      mapLib={maplibregl}
      mapStyle={basemap.kind === 'street' ? basemap.style : atlasStyle}
      initialViewState={initialViewState}
      locale={locale}
      // The strip a frame drag uncovers (frame-pan.ts), and the area before the first frame, show as empty land.
      style={{ width: '100%', height, borderRadius: 8, background: mapColors.land }}
      attributionControl={false}
      dragRotate={false}
      pitchWithRotate={false}
      touchPitch={false}
      renderWorldCopies
      cursor={onPick ? 'crosshair' : undefined}
      onClick={onPick ? (event: MapLayerMouseEvent) => onPick([event.lngLat.lng, event.lngLat.lat]) : undefined}
      onLoad={(event) => {
        // After the first frames with what the page draws: the atlas takes the main thread for a while.
        if (basemap.kind === 'atlas') event.target.once('idle', () => fillAtlas(event.target));
        if (description) event.target.getCanvas().setAttribute('aria-describedby', description);
      }}
      onError={onError}
      onSourceData={(event) => {
        if (event.tile && ofStreetMap(basemap, event)) streetTiles.tileLoaded();
      }}
    >
      <AttributionControl position="bottom-right" customAttribution={attribution(basemap, t)} />
      <NavigationControl position="top-right" showCompass={false} />
      <ScaleControl position="bottom-left" unit="metric" />
      {children}
    </MapGL>
  );
}

/**
 * The street style credits its own sources (OpenStreetMap, OpenMapTiles) through maplibre; the atlas credits
 * Natural Earth, and says when it stands in for a street map that could not be loaded.
 */
function attribution(basemap: Basemap, t: (key: string) => string): string | undefined {
  if (basemap.kind === 'street') return undefined;
  return t(basemap.reason === 'unavailable' ? 'attribution.fallback' : 'attribution.atlas');
}

/** An event of one of the street style's own sources (its tiles or TileJSON), not of a page's overlay. */
function ofStreetMap(basemap: Basemap, event: object): boolean {
  const sourceId = (event as { sourceId?: unknown }).sourceId;
  return basemap.kind === 'street' && typeof sourceId === 'string' && Object.hasOwn(basemap.style.sources, sourceId);
}
