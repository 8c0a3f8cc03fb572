import {
  type Alarm,
  type Asset,
  alarmEndpoints,
  type OrderSummary,
  rentingEndpoints,
  type Trip,
  tripEndpoints,
} from '@fleetdesk/contracts';
import { Alert, Card, Col, Descriptions, Empty, Flex, Row, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PointMarker } from '../../../map/layers/point-marker.tsx';
import { MapView } from '../../../map/map-view.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { useAssetAlarmState } from '../../alarms/api.ts';
import { AlarmCode } from '../../alarms/components/alarm-code.tsx';
import { alarmUrls } from '../../alarms/urls.ts';
import { displayStatusColors } from '../../dashboard/charts.ts';
import { orderUrls } from '../../orders/urls.ts';
import { tripUrls } from '../../trips/urls.ts';
import { useOngoingOrder, useOngoingTrip } from '../api.ts';

const MAP_ZOOM = 15;

/**
 * The asset as an operator first wants it: its display status with the alarm or error behind it (code and
 * since when), charge and lock, the ongoing trip and order, where it is, and its latest 20 alarms and errors.
 */
export function AssetStatusCard({ asset }: { asset: Asset }) {
  const { t } = useTranslation('alarms');
  const { t: ta } = useTranslation('assets');
  const state = useAssetAlarmState(asset.no);
  const canTrips = useCan(requirementOf(tripEndpoints.list));
  const canOrders = useCan(requirementOf(rentingEndpoints.listOrders));
  const canInbox = useCan(requirementOf(alarmEndpoints.list));
  const trip = useOngoingTrip(asset.no, canTrips);
  const order = useOngoingOrder(asset.no, canOrders);
  const s = state.data;
  const iot = asset.iotState;
  const dash = '—';
  const position: [number, number] | null =
    iot.latitude === null || iot.longitude === null ? null : [iot.longitude, iot.latitude];

  const shown = (entry: { code: string | null; at: string } | null | undefined, kind: 'alarm' | 'error') =>
    entry ? (
      <Flex gap={8} wrap align="center">
        <AlarmCode code={entry.code} />
        <Typography.Text type="secondary">{t('asset.since', { at: formatDateTime(entry.at) })}</Typography.Text>
        {kind === 'alarm' && canInbox && <Link to={alarmUrls.list({ assetNo: asset.no })}>{t('asset.inbox')}</Link>}
      </Flex>
    ) : (
      t('asset.none')
    );

  return (
    <Card title={t('asset.title')} data-testid="asset-status">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Descriptions
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: 'status',
                label: t('asset.displayStatus'),
                // The status colour tints the tag; the text stays dark (the teal as text is 2.7:1, issue 27).
                children: s ? (
                  <Tag color={displayStatusColors[s.displayStatus]} style={{ color: 'rgba(0, 0, 0, 0.88)' }}>
                    {ta(`displayStatus.${s.displayStatus}`)}
                  </Tag>
                ) : (
                  dash
                ),
              },
              {
                key: 'charge',
                label: t('asset.battery'),
                children: iot.chargePct === null ? dash : `${iot.chargePct} %`,
              },
              {
                key: 'lock',
                label: t('asset.lock'),
                children: iot.lockState ? ta(`lock.${iot.lockState}`, { defaultValue: iot.lockState }) : dash,
              },
              {
                key: 'lastReport',
                label: t('asset.lastReport'),
                children: formatDateTime(iot.lastUpdateTime) || dash,
              },
              { key: 'alarm', label: t('asset.activeAlarm'), children: shown(s?.alarm, 'alarm'), span: 2 },
              { key: 'error', label: t('asset.activeError'), children: shown(s?.error, 'error'), span: 2 },
              ...(canTrips
                ? [{ key: 'trip', label: t('asset.ongoingTrip'), children: <OngoingTrip trip={trip.data} /> }]
                : []),
              ...(canOrders
                ? [{ key: 'order', label: t('asset.ongoingOrder'), children: <OngoingOrder order={order.data} /> }]
                : []),
            ]}
          />
        </Col>
        <Col xs={24} lg={10}>
          {position ? (
            <MapView label={t('asset.position')} initialView={{ center: position, zoom: MAP_ZOOM }} height={220}>
              <PointMarker position={position} color={s ? displayStatusColors[s.displayStatus] : undefined} />
            </MapView>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('asset.noPosition')} />
          )}
        </Col>
        <Col span={24}>
          {state.isError ? (
            <Alert type="warning" showIcon title={state.error.message} />
          ) : (
            <AlarmHistory history={s?.history} loading={state.isPending} />
          )}
        </Col>
      </Row>
    </Card>
  );
}

function OngoingTrip({ trip }: { trip: Trip | null | undefined }) {
  const { t } = useTranslation('alarms');
  if (!trip) return t('asset.noneOngoing');
  return (
    <Link to={tripUrls.list({ assetNo: trip.asset.no, trip: trip.id })}>
      {t('asset.tripSince', { at: formatDateTime(trip.start.at) })}
    </Link>
  );
}

function OngoingOrder({ order }: { order: OrderSummary | null | undefined }) {
  const { t } = useTranslation('alarms');
  if (!order) return t('asset.noneOngoing');
  return (
    <Link to={orderUrls.detail(order.id)}>
      {order.orderNo} · {order.customer.name}
    </Link>
  );
}

/** The latest 20 alarms and errors, with who acknowledged an alarm and their note. */
function AlarmHistory({ history, loading }: { history: Alarm[] | undefined; loading: boolean }) {
  const { t } = useTranslation('alarms');
  const columns: TableColumnsType<Alarm> = [
    { key: 'at', title: t('field.occurredAt'), render: (_, a) => formatDateTime(a.occurredAt) },
    { key: 'type', title: t('asset.kind'), render: (_, a) => t(`asset.type.${a.type}`) },
    { key: 'code', title: t('field.code'), render: (_, a) => <AlarmCode code={a.code} /> },
    {
      key: 'ack',
      title: t('field.acknowledgement'),
      responsive: ['md'],
      render: (_, a) =>
        a.acknowledgement
          ? `${t('acknowledged', { user: a.acknowledgement.user?.name ?? '—', at: formatDateTime(a.acknowledgement.at) })}: ${a.acknowledgement.note}`
          : a.type === 'device-alarm'
            ? t('state.open')
            : '—',
    },
  ];
  return (
    <Table<Alarm>
      size="small"
      title={() => <Typography.Text strong>{t('asset.history')}</Typography.Text>}
      rowKey="id"
      columns={columns}
      dataSource={history}
      loading={loading}
      pagination={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('asset.historyEmpty')} /> }}
    />
  );
}
