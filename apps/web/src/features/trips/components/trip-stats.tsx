import type { Trip } from '@fleetdesk/contracts';
import { Descriptions, type DescriptionsProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { assetUrls } from '../../assets/urls.ts';
import { useFormatDuration } from './trip-duration.tsx';
import { formatDistance } from './trip-format.ts';
import { TripStatusTag } from './trip-status-tag.tsx';

const coordinates = (p: { lat: number; lng: number }) => `${p.lat.toFixed(6)}, ${p.lng.toFixed(6)}`;

/** Every field of a trip (document 2 §3): asset, category, status, start and end trail, distance, partner. */
export function TripStats({ trip, column = 2 }: { trip: Trip; column?: number }) {
  const { t, i18n } = useTranslation('trips');
  const duration = useFormatDuration();
  const items: DescriptionsProps['items'] = [
    {
      key: 'asset',
      label: t('field.assetNo'),
      children: <Link to={assetUrls.detail(trip.asset.no)}>{trip.asset.no}</Link>,
    },
    { key: 'status', label: t('field.status'), children: <TripStatusTag status={trip.status} /> },
    { key: 'distance', label: t('field.distance'), children: formatDistance(trip.distanceM, i18n.language) },
    { key: 'duration', label: t('field.duration'), children: duration(trip.durationS) },
    { key: 'start', label: t('field.startTime'), children: formatDateTime(trip.start.at) },
    {
      key: 'end',
      label: trip.status === 'finished' ? t('field.endTime') : t('field.lastFix'),
      children: formatDateTime(trip.end.at),
    },
    {
      key: 'startAt',
      label: t('field.startTrail'),
      children: <Typography.Text copyable>{coordinates(trip.start)}</Typography.Text>,
    },
    {
      key: 'endAt',
      label: t('field.endTrail'),
      children: <Typography.Text copyable>{coordinates(trip.end)}</Typography.Text>,
    },
    { key: 'partner', label: t('field.partner'), children: trip.partner.name },
    { key: 'category', label: t('field.category'), children: trip.category.name },
    { key: 'source', label: t('field.source'), children: t(`source.${trip.source}`, { defaultValue: trip.source }) },
    { key: 'updatedAt', label: t('field.updatedAt'), children: formatDateTime(trip.updatedAt) },
  ];
  return <Descriptions size="small" column={column} items={items} />;
}
