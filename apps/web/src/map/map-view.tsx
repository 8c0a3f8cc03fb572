import { Button, Spin } from 'antd';
import { Component, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bounds, LngLat } from './map-geo.ts';
import { MAP_NAMESPACE, registerMapMessages } from './map-i18n.ts';
import { MapMessage } from './map-message.tsx';

registerMapMessages();

/** maplibre, its worker and the atlas load with the first map a user opens, never with the console itself. */
const loadCanvas = () => import('./map-canvas.tsx');
let MapCanvas = lazy(loadCanvas);

export type InitialView = { bounds: Bounds; maxZoom?: number } | { center: LngLat; zoom: number };

export interface MapViewProps {
  /** The map's accessible name (the canvas is a labelled region). */
  label: string;
  /** Id of an element that explains what clicking the map does; the canvas points at it. */
  description?: string;
  /** Where the camera starts; afterwards the user and FitBounds move it. */
  initialView: InitialView;
  height: number;
  /** A click on the map (not on a marker), longitude first. Turns the cursor into a crosshair. */
  onPick?: (point: LngLat) => void;
  /** Layer components (FenceLayer, PointMarker, FitBounds …): each adds and removes its own sources. */
  children?: ReactNode;
}

/**
 * The console's one map view (ARCHITECTURE.md rule 8): a street map, or the local atlas where none loads
 * (basemap.ts), and whatever layer components the page puts inside. Without WebGL 2, or if the map code cannot be loaded, the same area
 * explains why in words, and the page around it keeps working.
 */
export function MapView(props: MapViewProps) {
  const { t } = useTranslation(MAP_NAMESPACE);
  const [attempt, setAttempt] = useState(0);
  return (
    <LoadBoundary
      key={attempt}
      fallback={
        <MapMessage label={props.label} height={props.height} text={t('failed')}>
          <Button
            onClick={() => {
              // lazy() remembers a failed load; a fresh one asks the server again.
              MapCanvas = lazy(loadCanvas);
              setAttempt((n) => n + 1);
            }}
          >
            {t('retry')}
          </Button>
        </MapMessage>
      }
    >
      <Suspense
        fallback={
          <MapMessage label={props.label} height={props.height} text={t('loading')}>
            <Spin />
          </MapMessage>
        }
      >
        <MapCanvas {...props} />
      </Suspense>
    </LoadBoundary>
  );
}

/** Catches a failed chunk load (console redeployed, connection lost) so only the map area shows it. */
class LoadBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    console.warn('map:', error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
