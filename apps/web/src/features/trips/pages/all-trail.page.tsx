import { ArrowLeftOutlined } from '@ant-design/icons';
import { TRAIL_RANGE_MAX_MS, type TrailQuery } from '@fleetdesk/contracts';
import { Alert, Button, Card, DatePicker, Empty, Flex, Form, Input, Slider, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PointMarker } from '../../../map/layers/point-marker.tsx';
import { TrailLayer } from '../../../map/layers/trail-layer.tsx';
import { FitBounds } from '../../../map/map-camera.tsx';
import { boundsOf } from '../../../map/map-geo.ts';
import { MapView } from '../../../map/map-view.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { useUrlState } from '../../../shared/ui/url-state.ts';
import { useTrail } from '../api.ts';
import { formatDistance, routePoints } from '../components/trip-format.ts';
import { END_COLOR, START_COLOR } from '../components/trip-map.tsx';
import { TripStatusTag } from '../components/trip-status-tag.tsx';
import { trailScreen, tripUrls } from '../urls.ts';

const MAP_HEIGHT = 600;

interface TrailForm {
  assetNo: string;
  range: [Dayjs, Dayjs] | null;
}

/** The URL's query when it is complete and within 24 hours; otherwise null (nothing is asked). */
function trailQueryOf(state: { assetNo?: string; from?: string; to?: string }): TrailQuery | null {
  if (!state.assetNo || !state.from || !state.to) return null;
  const from = Date.parse(state.from);
  const to = Date.parse(state.to);
  if (Number.isNaN(from) || Number.isNaN(to) || to <= from || to - from > TRAIL_RANGE_MAX_MS) return null;
  return {
    assetNo: state.assetNo.trim().toUpperCase(),
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
  };
}

/** /asset/all-trail?assetNo=…&from=…&to=…: one asset's trail over at most a day, with a time slider (no side menu). */
export default function AllTrailPage() {
  const { t, i18n } = useTranslation('trips');
  const navigate = useNavigate();
  const [state, setState] = useUrlState(trailScreen);
  const [form] = Form.useForm<TrailForm>();
  const query = useMemo(() => trailQueryOf(state), [state]);
  const trail = useTrail(query);
  const points = useMemo(() => routePoints(trail.data?.points ?? []), [trail.data]);
  const [upTo, setUpTo] = useState(points.length);
  useEffect(() => setUpTo(points.length), [points]);

  useEffect(() => {
    form.setFieldsValue({
      assetNo: state.assetNo ?? '',
      range: state.from && state.to ? [dayjs(state.from), dayjs(state.to)] : null,
    });
  }, [form, state.assetNo, state.from, state.to]);

  const submit = (values: TrailForm) => {
    const [from, to] = values.range ?? [];
    if (!from || !to) return;
    setState({ assetNo: values.assetNo.trim().toUpperCase(), from: from.toISOString(), to: to.toISOString() });
  };

  const lastDay = () => {
    const to = dayjs();
    form.setFieldValue('range', [to.subtract(24, 'hour'), to]);
  };

  const bounds = useMemo(() => boundsOf(points), [points]);
  const head = trail.data?.points[Math.max(0, upTo - 1)];

  let body: ReactNode;
  if (!query) body = <Empty description={t('trail.pick')} />;
  else if (trail.isPending)
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  else if (trail.error)
    body = <Alert type="error" showIcon title={t('trail.failed')} description={trail.error.message} />;
  else if (!trail.data || points.length === 0 || !bounds) body = <Empty description={t('trail.empty')} />;
  else
    body = (
      <Flex gap={16} wrap align="start">
        <Flex vertical gap={12} style={{ flex: '1 1 560px', minWidth: 320 }}>
          <MapView
            label={t('trail.mapLabel', { asset: trail.data.asset.no })}
            initialView={{ bounds }}
            height={MAP_HEIGHT}
          >
            <TrailLayer points={points} upTo={upTo} />
            <PointMarker position={points[0] as [number, number]} color={START_COLOR} />
            {upTo === points.length && (
              <PointMarker position={points[points.length - 1] as [number, number]} color={END_COLOR} />
            )}
            <FitBounds bounds={bounds} />
          </MapView>
          <Card size="small">
            <Flex vertical gap={4}>
              <Typography.Text id="trail-slider-label">
                {t('trail.upTo', { time: head ? formatDateTime(head.at) : '' })}
              </Typography.Text>
              <Slider
                min={1}
                max={points.length}
                value={upTo}
                onChange={(v) => setUpTo(v)}
                tooltip={{ formatter: (v) => formatDateTime(trail.data?.points[(v ?? 1) - 1]?.at) }}
                aria-labelledby="trail-slider-label"
              />
              <Typography.Text type="secondary">
                {t('trail.points', { shown: points.length, total: trail.data.total })}
              </Typography.Text>
            </Flex>
          </Card>
        </Flex>
        <Card title={t('trail.trips')} size="small" style={{ flex: '0 1 340px', minWidth: 280 }}>
          {trail.data.trips.length === 0 ? (
            <Typography.Text type="secondary">{t('trail.noTrips')}</Typography.Text>
          ) : (
            <Flex vertical gap={8}>
              {trail.data.trips.map((trip) => (
                <Flex key={trip.id} justify="space-between" align="center" gap={8}>
                  <Button type="link" style={{ padding: 0 }} onClick={() => navigate(tripUrls.list({ trip: trip.id }))}>
                    {formatDateTime(trip.start.at)}
                  </Button>
                  <Typography.Text>{formatDistance(trip.distanceM, i18n.language)}</Typography.Text>
                  <TripStatusTag status={trip.status} />
                </Flex>
              ))}
            </Flex>
          )}
        </Card>
      </Flex>
    );

  return (
    <PageContainer
      title={t('trail.title')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(tripUrls.list())}>
          {t('action.backToList')}
        </Button>
      }
    >
      <Card size="small">
        <Form form={form} layout="inline" onFinish={submit} style={{ rowGap: 8 }}>
          <Form.Item
            name="assetNo"
            label={t('field.assetNo')}
            rules={[{ required: true, whitespace: true, message: t('trail.assetRequired') }]}
          >
            <Input allowClear maxLength={40} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="range"
            label={t('trail.range')}
            rules={[
              { required: true, message: t('trail.rangeRequired') },
              {
                validator: (_, value: [Dayjs, Dayjs] | null) =>
                  value && value[1].diff(value[0]) > TRAIL_RANGE_MAX_MS
                    ? Promise.reject(new Error(t('trail.rangeTooLong')))
                    : Promise.resolve(),
              },
            ]}
          >
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="L HH:mm" />
          </Form.Item>
          <Form.Item>
            <Flex gap={8}>
              <Button onClick={lastDay}>{t('trail.lastDay')}</Button>
              <Button type="primary" htmlType="submit">
                {t('trail.show')}
              </Button>
            </Flex>
          </Form.Item>
        </Form>
      </Card>
      {body}
    </PageContainer>
  );
}
