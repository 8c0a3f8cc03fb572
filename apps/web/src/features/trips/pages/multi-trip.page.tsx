import { ArrowLeftOutlined } from '@ant-design/icons';
import { MULTI_TRIP_MAX } from '@fleetdesk/contracts';
import { Alert, Button, Card, Empty, Flex, List, Spin, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { useTripRoutes } from '../api.ts';
import { useFormatDuration } from '../components/trip-duration.tsx';
import { colorOf, formatDistance } from '../components/trip-format.ts';
import { TripMap } from '../components/trip-map.tsx';
import { TripStatusTag } from '../components/trip-status-tag.tsx';
import { tripUrls } from '../urls.ts';

const MAP_HEIGHT = 640;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /asset/multi-trip?ids=…: several trips on one map, each in its own colour, with a legend (no side menu). */
export default function MultiTripPage() {
  const { t, i18n } = useTranslation('trips');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const raw = search.get('ids') ?? '';
  const ids = useMemo(() => [...new Set(raw.split(',').filter((id) => uuid.test(id)))], [raw]);
  const tooMany = ids.length > MULTI_TRIP_MAX;
  const routes = useTripRoutes(tooMany ? [] : ids);
  const duration = useFormatDuration();
  const coloured = useMemo(
    () => (routes.data ?? []).map((trip, index) => ({ trip, color: colorOf(index) })),
    [routes.data],
  );

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(tripUrls.list())}>
      {t('action.backToList')}
    </Button>
  );

  let body: ReactNode;
  if (ids.length === 0) body = <Empty description={t('multi.none')} />;
  else if (tooMany) body = <Alert type="warning" showIcon title={t('multi.full', { max: MULTI_TRIP_MAX })} />;
  else if (routes.isPending)
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  else if (routes.error)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('multi.failed')}
        description={routes.error.message}
        action={<Button onClick={() => routes.refetch()}>{t('action.retry')}</Button>}
      />
    );
  else
    body = (
      <Flex gap={16} wrap align="start">
        <div style={{ flex: '1 1 560px', minWidth: 320 }}>
          <TripMap label={t('multi.mapLabel', { count: coloured.length })} trips={coloured} height={MAP_HEIGHT} />
        </div>
        <Card title={t('multi.legend')} size="small" style={{ flex: '0 1 340px', minWidth: 280 }}>
          <List
            dataSource={coloured}
            rowKey={({ trip }) => trip.id}
            renderItem={({ trip, color }) => (
              <List.Item>
                <Flex gap={10} align="start" style={{ width: '100%' }}>
                  <span
                    aria-hidden
                    style={{ width: 14, height: 14, borderRadius: 3, background: color, marginTop: 4, flex: 'none' }}
                  />
                  <Flex vertical gap={2} style={{ flex: 1 }}>
                    <Flex justify="space-between" gap={8}>
                      <Typography.Text strong>{trip.asset.no}</Typography.Text>
                      <TripStatusTag status={trip.status} />
                    </Flex>
                    <Typography.Text type="secondary">{formatDateTime(trip.start.at)}</Typography.Text>
                    <Typography.Text>
                      {formatDistance(trip.distanceM, i18n.language)} · {duration(trip.durationS)}
                    </Typography.Text>
                  </Flex>
                </Flex>
              </List.Item>
            )}
          />
        </Card>
      </Flex>
    );

  return (
    <PageContainer title={t('multi.title')} extra={back}>
      {body}
    </PageContainer>
  );
}
