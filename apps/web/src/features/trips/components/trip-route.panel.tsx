import { Alert, Button, Drawer, Flex, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/http.ts';
import { useTrip } from '../api.ts';
import { tripUrls } from '../urls.ts';
import { END_COLOR, START_COLOR, TripMap } from './trip-map.tsx';
import { TripStats } from './trip-stats.tsx';

const DAY = 86_400_000;

/** The route panel: one trip's route on the map (start and end pinned), its figures, links to the big maps. */
export function TripRoutePanel({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const { t } = useTranslation('trips');
  const trip = useTrip(id);
  const navigate = useNavigate();
  const data = trip.data;
  // The trail page shows at most a day: the trip's own span, or the day before its end when it was longer.
  const trailFrom = data
    ? new Date(Math.max(Date.parse(data.start.at), Date.parse(data.end.at) - DAY)).toISOString()
    : '';
  const trailTo = data ? new Date(Math.max(Date.parse(data.end.at), Date.parse(trailFrom) + 60_000)).toISOString() : '';

  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      size="large"
      title={data ? t('panel.title', { asset: data.asset.no }) : t('panel.loading')}
      destroyOnHidden
    >
      {trip.isPending && id ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : trip.error ? (
        <Alert
          type="error"
          showIcon
          title={isApiError(trip.error) && trip.error.status !== 404 ? trip.error.message : t('panel.missing')}
        />
      ) : data ? (
        <Flex vertical gap={16}>
          <TripMap
            label={t('panel.mapLabel', { asset: data.asset.no })}
            trips={[{ trip: data, color: '#1677ff' }]}
            height={360}
          />
          <Space size="large" wrap>
            <Typography.Text>
              <span style={{ color: START_COLOR }}>●</span> {t('panel.start')}
            </Typography.Text>
            <Typography.Text>
              <span style={{ color: END_COLOR }}>●</span> {data.status === 'finished' ? t('panel.end') : t('panel.now')}
            </Typography.Text>
            <Typography.Text type="secondary">{t('panel.points', { count: data.route.length })}</Typography.Text>
          </Space>
          <TripStats trip={data} />
          <Flex gap={8} wrap>
            <Button onClick={() => navigate(tripUrls.trail(data.asset.no, trailFrom, trailTo))}>
              {t('panel.openTrail')}
            </Button>
            <Button onClick={() => navigate(tripUrls.multi([data.id]))}>{t('panel.openMap')}</Button>
          </Flex>
        </Flex>
      ) : null}
    </Drawer>
  );
}
