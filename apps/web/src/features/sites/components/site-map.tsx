import { SITE_FENCE_RADIUS_MAX } from '@fleetdesk/contracts';
import { Form, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FenceLayer } from '../../../map/layers/fence-layer.tsx';
import { PointMarker } from '../../../map/layers/point-marker.tsx';
import { FitBounds } from '../../../map/map-camera.tsx';
import {
  type Bounds,
  circleBounds,
  coordinatesToLngLat,
  type LngLat,
  lngLatToCoordinates,
} from '../../../map/map-geo.ts';
import { type InitialView, MapView } from '../../../map/map-view.tsx';

const MAP_HEIGHT = 320;
/** Without a fence, frame this much around the pin: a street block, enough to aim a click. */
const NEIGHBOURHOOD_M = 150;
/** Typing "4", "45", "45.4" … must not fly the camera at every key. */
const FOLLOW_DELAY_MS = 500;
const WORLD: InitialView = { center: [10, 30], zoom: 1 };

const validRadius = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= SITE_FENCE_RADIUS_MAX ? value : null;

const frame = (position: LngLat, radius: number | null): Bounds => circleBounds(position, radius ?? NEIGHBOURHOOD_M);

/**
 * The site's position and fence on the map, as a second control of the coordinates field: it shows what is
 * typed, and a click (or a dragged pin) writes "latitude, longitude" back through the field, so the form
 * validates it and counts it as a change like any typing.
 */
export function SiteMapField() {
  return (
    <Form.Item name="coordinates" noStyle>
      <SiteMap />
    </Form.Item>
  );
}

interface SiteMapProps {
  value?: string;
  onChange?: (value: string) => void;
}

function SiteMap({ value, onChange }: SiteMapProps) {
  const { t } = useTranslation('sites');
  const hintId = useId();
  const form = Form.useFormInstance();
  const radius = validRadius(Form.useWatch('fenceRadius', form));
  const position = coordinatesToLngLat(value);

  const [initialView] = useState<InitialView>(() =>
    position ? { bounds: frame(position, radius), maxZoom: 17 } : WORLD,
  );
  const [focus, setFocus] = useState<Bounds | null>(null);
  // A position the user just picked on the map: the camera stays put instead of jumping to re-centre it.
  const picked = useRef<string | undefined>(undefined);
  const previous = useRef({ value, radius });

  useEffect(() => {
    const before = previous.current;
    previous.current = { value, radius };
    const moved = value !== before.value && value !== picked.current;
    const resized = radius !== before.radius;
    const target = coordinatesToLngLat(value);
    if (!target || (!moved && !resized)) return;
    const timer = setTimeout(() => setFocus(frame(target, radius)), FOLLOW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, radius]);

  const pick = (point: LngLat) => {
    const text = lngLatToCoordinates(point);
    picked.current = text;
    onChange?.(text);
  };

  return (
    <div style={{ marginBottom: 24 }}>
      <MapView label={t('map.label')} description={hintId} initialView={initialView} height={MAP_HEIGHT} onPick={pick}>
        {position && radius && <FenceLayer id="site-fence" center={position} radius={radius} />}
        {position && <PointMarker position={position} onMove={pick} />}
        <FitBounds bounds={focus} maxZoom={17} />
      </MapView>
      <Typography.Text id={hintId} type="secondary" style={{ display: 'block', marginTop: 4 }}>
        {position ? t('map.hint') : t('map.hintEmpty')}
      </Typography.Text>
    </div>
  );
}
