import { AimOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { GEOFENCING_ZONES_MAX, geofencingZoneKinds, SLOW_ZONE_SPEED_MAX } from '@fleetdesk/contracts';
import {
  Alert,
  Button,
  Card,
  Col,
  ConfigProvider,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Typography,
} from 'antd';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MapPoint, PointLayer } from '../../../map/layers/point-layer.tsx';
import { PolygonsLayer } from '../../../map/layers/polygons-layer.tsx';
import { SketchLayer } from '../../../map/layers/sketch-layer.tsx';
import { FitBounds } from '../../../map/map-camera.tsx';
import { type Bounds, boundsOf, type LngLat } from '../../../map/map-geo.ts';
import { type InitialView, MapView } from '../../../map/map-view.tsx';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { usePhone } from '../../../shared/ui/use-phone.ts';
import type { ZoneValues } from './gbfs-settings.model.ts';
import { STATION_COLOR, zoneColors } from './zone-colors.ts';
import { canFinish, type Drawing, type DrawingEvent, drawingKey, drawingStep } from './zone-drawing.ts';

const WORLD: InitialView = { center: [10, 30], zoom: 1 };

export interface ZonesEditorProps {
  readOnly: boolean;
  /** The partner's sites with a position: shown for orientation, and framed when there is no zone yet. */
  sites: readonly { id: string; position: LngLat }[];
}

/**
 * The partner's geofencing zones: a list of their names, kinds and speed limits beside a map showing each as a
 * polygon coloured by kind. A zone is drawn (or redrawn) by clicking its corners on the map and finished with
 * the button, a click on the first corner or Enter; Escape cancels. The zones live in the form (`zones`), so
 * saving, server errors (`zones.N.ring` on its row) and the leave guard treat them like any field.
 */
export function ZonesEditor({ readOnly, sites }: ZonesEditorProps) {
  const { t } = useTranslation('open-data');
  const form = Form.useFormInstance();
  const zones: ZoneValues[] = Form.useWatch('zones', { form, preserve: true }) ?? [];
  const phone = usePhone();
  const hintId = useId();
  const [drawing, setDrawing] = useState<Drawing>(null);
  const drawingRef = useRef(drawing);
  const [selected, setSelected] = useState<number | null>(null);
  const [focus, setFocus] = useState<Bounds | null>(null);

  const [initialView] = useState<InitialView>(() => {
    const bounds = boundsOf([...zones.flatMap((z) => z.ring), ...sites.map((s) => s.position)]);
    return bounds ? { bounds, maxZoom: 15 } : WORLD;
  });

  const dispatch = (event: DrawingEvent) => {
    const step = drawingStep(drawingRef.current, event);
    drawingRef.current = step.drawing;
    setDrawing(step.drawing);
    const finished = step.finished;
    if (!finished) return;
    const current: ZoneValues[] = form.getFieldValue('zones') ?? [];
    if (finished.target.kind === 'new') {
      const zone: ZoneValues = {
        name: t('zone.defaultName', { number: current.length + 1 }),
        // The first zone is usually where riding is allowed; later ones restrict it.
        kind: current.some((z) => z.kind === 'operating-area') ? 'no-parking' : 'operating-area',
        maxSpeedKph: null,
        ring: finished.ring,
      };
      form.setFieldValue('zones', [...current, zone]);
      setSelected(current.length);
    } else {
      const { index } = finished.target;
      form.setFields([{ name: ['zones', index, 'ring'], value: finished.ring, errors: [] }]);
      setSelected(index);
    }
  };
  const dispatchRef = useRef(dispatch);
  dispatchRef.current = dispatch;

  const active = drawing !== null;
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      const next = drawingKey(event.key, event.target instanceof HTMLElement ? event.target : null);
      if (!next) return;
      event.preventDefault();
      dispatchRef.current(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);

  const redrawing = drawing?.target.kind === 'redraw' ? drawing.target.index : null;
  const polygons = useMemo(
    () =>
      zones
        .map((zone, index) => ({ zone, index }))
        .filter(({ index }) => index !== redrawing)
        .map(({ zone, index }) => ({ ring: zone.ring, color: zoneColors[zone.kind], highlighted: index === selected })),
    [zones, redrawing, selected],
  );
  const stationPoints = useMemo<MapPoint[]>(
    () => sites.map((s) => ({ id: s.id, position: s.position, color: STATION_COLOR })),
    [sites],
  );

  const showOnMap = (index: number) => {
    setSelected(index);
    setFocus(boundsOf(zones[index]?.ring ?? []));
  };

  const full = zones.length >= GEOFENCING_ZONES_MAX;

  const toolbar = drawing ? (
    <Flex vertical gap={8} data-testid="zone-drawing">
      <Typography.Text id={hintId}>{t('draw.hint', { count: drawing.points.length })}</Typography.Text>
      <Flex gap={8} wrap>
        <Button type="primary" disabled={!canFinish(drawing)} onClick={() => dispatch({ type: 'finish' })}>
          {t('draw.finish')}
        </Button>
        <Button disabled={drawing.points.length === 0} onClick={() => dispatch({ type: 'undo' })}>
          {t('draw.undo')}
        </Button>
        <Button onClick={() => dispatch({ type: 'cancel' })}>{t('draw.cancel')}</Button>
      </Flex>
    </Flex>
  ) : (
    <Flex justify="space-between" align="center" gap={8} wrap>
      <Typography.Text id={hintId} type="secondary">
        {readOnly ? t('zones.readOnlyHint') : t('zones.hint')}
      </Typography.Text>
      {!readOnly && (
        <Button
          icon={<PlusOutlined />}
          disabled={full}
          title={full ? t('zones.full', { max: GEOFENCING_ZONES_MAX }) : undefined}
          onClick={() => dispatch({ type: 'start', target: { kind: 'new' } })}
        >
          {t('zones.draw')}
        </Button>
      )}
    </Flex>
  );

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Flex vertical gap={8}>
          {toolbar}
          <MapView
            label={t('map.label')}
            description={hintId}
            initialView={initialView}
            height={phone ? 320 : 460}
            onPick={drawing ? (point) => dispatch({ type: 'point', point }) : undefined}
          >
            <PolygonsLayer id="zones" polygons={polygons} />
            {stationPoints.length > 0 && <PointLayer id="stations" points={stationPoints} radius={5} />}
            {drawing && (
              <SketchLayer
                points={drawing.points}
                onClose={canFinish(drawing) ? () => dispatch({ type: 'finish' }) : undefined}
                closeLabel={t('draw.finish')}
              />
            )}
            <FitBounds bounds={focus} maxZoom={16} />
          </MapView>
          <Flex gap={12} wrap aria-label={t('map.legend')}>
            {geofencingZoneKinds.map((kind) => (
              <Flex key={kind} gap={4} align="center">
                <span
                  aria-hidden
                  style={{
                    width: 12,
                    height: 12,
                    borderRadius: 2,
                    background: zoneColors[kind],
                    display: 'inline-block',
                  }}
                />
                <Typography.Text type="secondary">{t(`kind.${kind}`)}</Typography.Text>
              </Flex>
            ))}
            {stationPoints.length > 0 && (
              <Flex gap={4} align="center">
                <span
                  aria-hidden
                  style={{ width: 10, height: 10, borderRadius: 5, background: STATION_COLOR, display: 'inline-block' }}
                />
                <Typography.Text type="secondary">{t('map.sites')}</Typography.Text>
              </Flex>
            )}
          </Flex>
        </Flex>
      </Col>
      <Col xs={24} xl={10}>
        <Form.List name="zones">
          {(fields, { remove }) =>
            fields.length === 0 ? (
              <Empty description={t('zones.empty')} />
            ) : (
              <Flex vertical gap={8} role="list" aria-label={t('zones.title')}>
                {fields.map((field, index) => {
                  const zone = zones[index];
                  const name = zone?.name || t('zone.unnamed');
                  return (
                    <Card
                      key={field.key}
                      size="small"
                      role="listitem"
                      aria-label={name}
                      data-testid="zone-row"
                      style={index === selected ? { borderColor: zone ? zoneColors[zone.kind] : undefined } : undefined}
                    >
                      <Row gutter={8}>
                        <Col xs={24} sm={12}>
                          <Form.Item
                            name={[field.name, 'name']}
                            label={t('zone.name')}
                            rules={[{ required: true, whitespace: true, message: t('zone.nameRequired') }]}
                          >
                            <Input maxLength={50} onFocus={() => setSelected(index)} />
                          </Form.Item>
                        </Col>
                        <Col xs={24} sm={12}>
                          <Form.Item name={[field.name, 'kind']} label={t('zone.kind')}>
                            <Select
                              options={geofencingZoneKinds.map((kind) => ({
                                value: kind,
                                title: t(`kind.${kind}`),
                                label: (
                                  <Flex gap={6} align="center">
                                    <span
                                      aria-hidden
                                      style={{
                                        width: 10,
                                        height: 10,
                                        borderRadius: 2,
                                        background: zoneColors[kind],
                                        display: 'inline-block',
                                      }}
                                    />
                                    {t(`kind.${kind}`)}
                                  </Flex>
                                ),
                              }))}
                            />
                          </Form.Item>
                        </Col>
                        {zone?.kind === 'slow' && (
                          <Col xs={24} sm={12}>
                            <Form.Item name={[field.name, 'maxSpeedKph']} label={t('zone.maxSpeed')}>
                              <InputNumber
                                min={1}
                                max={SLOW_ZONE_SPEED_MAX}
                                precision={0}
                                suffix="km/h"
                                style={{ width: '100%' }}
                              />
                            </Form.Item>
                          </Col>
                        )}
                        <Col xs={24} sm={12}>
                          <Form.Item name={[field.name, 'ring']} label={t('zone.outline')}>
                            <RingSummary redrawing={redrawing === index} />
                          </Form.Item>
                        </Col>
                      </Row>
                      <Flex gap={8} wrap>
                        {/* Readers too may find a zone on the map: not disabled with the read-only form. */}
                        <ConfigProvider componentDisabled={false}>
                          <Button size="small" icon={<AimOutlined />} onClick={() => showOnMap(index)}>
                            {t('zone.show')}
                          </Button>
                        </ConfigProvider>
                        {!readOnly && (
                          <>
                            <Button
                              size="small"
                              icon={<EditOutlined />}
                              onClick={() => {
                                showOnMap(index);
                                dispatch({ type: 'start', target: { kind: 'redraw', index } });
                              }}
                            >
                              {t('zone.redraw')}
                            </Button>
                            <ConfirmButton
                              size="small"
                              danger
                              icon={<DeleteOutlined />}
                              title={t('zone.deleteConfirm', { name })}
                              okText={t('zone.delete')}
                              onConfirm={() => {
                                if (drawing) dispatch({ type: 'cancel' });
                                setSelected(null);
                                remove(field.name);
                              }}
                            >
                              {t('zone.delete')}
                            </ConfirmButton>
                          </>
                        )}
                      </Flex>
                    </Card>
                  );
                })}
              </Flex>
            )
          }
        </Form.List>
        {full && !readOnly && (
          <Alert type="info" showIcon style={{ marginTop: 8 }} title={t('zones.full', { max: GEOFENCING_ZONES_MAX })} />
        )}
      </Col>
    </Row>
  );
}

/** A zone's outline in words ("5 points"); the map shows it. Its Form.Item carries the server's ring errors. */
function RingSummary({ value, redrawing }: { value?: LngLat[]; redrawing: boolean }) {
  const { t } = useTranslation('open-data');
  const ring = value ?? [];
  const first = ring[0];
  const last = ring.at(-1);
  // The server stores the outline closed: its last point repeats the first.
  const corners =
    ring.length > 1 && first && last && first[0] === last[0] && first[1] === last[1] ? ring.length - 1 : ring.length;
  return (
    <Typography.Text type={redrawing ? 'warning' : 'secondary'} data-testid="zone-outline">
      {redrawing ? t('zone.redrawing') : t('zone.points', { count: corners })}
    </Typography.Text>
  );
}
