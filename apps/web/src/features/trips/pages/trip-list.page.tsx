import { DownloadOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { MULTI_TRIP_MAX, type Trip, tripEndpoints } from '@fleetdesk/contracts';
import { Alert, Button, Checkbox, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { useUrlState } from '../../../shared/ui/url-state.ts';
import { assetUrls } from '../../assets/urls.ts';
import { exportTrips, tripFilterOf, tripListQueryOf, useTrips } from '../api.ts';
import { useFormatDuration } from '../components/trip-duration.tsx';
import { TripFilters } from '../components/trip-filters.tsx';
import { formatDistance } from '../components/trip-format.ts';
import { TripRoutePanel } from '../components/trip-route.panel.tsx';
import { TripStatusTag } from '../components/trip-status-tag.tsx';
import { tripList, tripScreen, tripUrls } from '../urls.ts';

/**
 * /asset/trip: trips by start time with filters, a route panel per trip, the selected trips (up to 20) on the
 * multi-trip map, and the server's CSV export (at most 2,000) for those who may export.
 */
export default function TripListPage() {
  const { t, i18n } = useTranslation('trips');
  const navigate = useNavigate();
  const list = useListState(tripList);
  const [screen, setScreen] = useUrlState(tripScreen);
  const query = useMemo(() => tripListQueryOf(list.query), [list.query]);
  const result = useTrips(query);
  const canExport = useCan(requirementOf(tripEndpoints.export));
  const [exporting, setExporting] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const duration = useFormatDuration();

  const toggle = (id: string, on: boolean) =>
    setSelected((ids) => (on ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id)));
  const full = selected.length >= MULTI_TRIP_MAX;

  const runExport = async () => {
    setExporting(true);
    try {
      await exportTrips(tripFilterOf(list.query));
    } catch {
      // The http layer shows the server's message (e.g. more than 2,000 trips).
    } finally {
      setExporting(false);
    }
  };

  const columns: ListColumn<Trip>[] = [
    {
      key: 'select',
      title: t('field.select'),
      alwaysVisible: true,
      noExport: true,
      render: (_, r) => {
        const checked = selected.includes(r.id);
        return (
          <Checkbox
            checked={checked}
            disabled={!checked && full}
            onChange={(e) => toggle(r.id, e.target.checked)}
            aria-label={t('action.select', { asset: r.asset.no, time: formatDateTime(r.start.at) })}
          />
        );
      },
    },
    {
      key: 'startedAt',
      title: t('field.startTime'),
      sortKey: 'startedAt',
      alwaysVisible: true,
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => setScreen({ trip: r.id })}
          aria-label={t('action.open', { asset: r.asset.no, time: formatDateTime(r.start.at) })}
        >
          {formatDateTime(r.start.at)}
        </Button>
      ),
      exportValue: (r) => r.start.at,
    },
    {
      key: 'assetNo',
      title: t('field.assetNo'),
      render: (_, r) => <Link to={assetUrls.detail(r.asset.no)}>{r.asset.no}</Link>,
      exportValue: (r) => r.asset.no,
    },
    {
      key: 'status',
      title: t('field.status'),
      render: (_, r) => <TripStatusTag status={r.status} />,
      exportValue: (r) => r.status,
    },
    {
      key: 'distance',
      title: t('field.distance'),
      align: 'right',
      render: (_, r) => formatDistance(r.distanceM, i18n.language),
      exportValue: (r) => r.distanceM,
    },
    {
      key: 'duration',
      title: t('field.duration'),
      align: 'right',
      render: (_, r) => duration(r.durationS),
      exportValue: (r) => r.durationS,
    },
    {
      key: 'endedAt',
      title: t('field.endTime'),
      render: (_, r) =>
        r.status === 'finished' ? formatDateTime(r.end.at) : <Typography.Text type="secondary">—</Typography.Text>,
      exportValue: (r) => (r.status === 'finished' ? r.end.at : ''),
    },
    { key: 'partner', title: t('field.partner'), render: (_, r) => r.partner.name, exportValue: (r) => r.partner.name },
    {
      key: 'category',
      title: t('field.category'),
      render: (_, r) => r.category.name,
      exportValue: (r) => r.category.name,
    },
    {
      key: 'source',
      title: t('field.source'),
      defaultHidden: true,
      render: (_, r) => t(`source.${r.source}`, { defaultValue: r.source }),
      exportValue: (r) => r.source,
    },
    {
      key: 'updatedAt',
      title: t('field.updatedAt'),
      defaultHidden: true,
      render: (_, r) => formatDateTime(r.updatedAt),
      exportValue: (r) => r.updatedAt,
    },
  ];

  const actions = (
    <>
      <Tooltip title={full ? t('multi.full', { max: MULTI_TRIP_MAX }) : undefined}>
        <Button
          icon={<NodeIndexOutlined />}
          disabled={selected.length === 0}
          onClick={() => navigate(tripUrls.multi(selected))}
        >
          {t('action.showOnMap', { count: selected.length })}
        </Button>
      </Tooltip>
      {selected.length > 0 && <Button onClick={() => setSelected([])}>{t('action.clearSelection')}</Button>}
      {canExport && (
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={runExport}>
          {t('action.export')}
        </Button>
      )}
    </>
  );

  return (
    <PageContainer extra={actions}>
      <Alert type="info" showIcon title={t('lag')} />
      <ListPage
        title=""
        listKey="trips"
        state={list}
        result={result}
        columns={columns}
        rowKey={(r) => r.id}
        filters={<TripFilters />}
        emptyText={t('empty')}
      />
      <TripRoutePanel id={screen.trip} onClose={() => setScreen({ trip: undefined })} />
    </PageContainer>
  );
}
