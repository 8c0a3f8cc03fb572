import { FilterOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { ASSET_MAP_ASSETS_MAX, type AssetMapBody, assetDisplayStatuses, siteEndpoints } from '@fleetdesk/contracts';
import { Alert, Badge, Button, Card, Drawer, Flex, Spin, Typography } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LngLat } from '../../../map/map-geo.ts';
import { type InitialView, MapView } from '../../../map/map-view.tsx';
import { isApiError } from '../../../shared/http.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { useUrlState } from '../../../shared/ui/url-state.ts';
import {
  type AssetSearchFilters,
  assetSearchFilters,
  serverSearchErrors,
  toQueryBody,
  validateSearch,
} from '../../assets/components/asset-search.model.ts';
import { AssetSearchPanel } from '../../assets/components/asset-search.panel.tsx';
import { isTooMany, type LiveState, useAssetMap, useAssetMapLive, useSiteFences } from '../api.ts';
import { AssetMapLayers, type Camera } from '../components/asset-map-layers.tsx';
import { StatusLegend } from '../components/asset-popup.tsx';
import { formatView, parseView, predictViewport, sameViewport } from '../components/map-model.ts';
import { assetMapState } from '../urls.ts';

/** The demo fleet's three cities and the rest of the world in one view. */
const WORLD: InitialView = { center: [40, 30], zoom: 1.3 };
/** Header, page title and margins above the map. */
const CHROME_PX = 170;

const liveColors: Record<LiveState, 'success' | 'processing' | 'default' | 'warning'> = {
  live: 'success',
  connecting: 'processing',
  off: 'default',
  tooMany: 'warning',
};

const roundZoom = (zoom: number) => Math.round(zoom * 100) / 100;

/** The map fills the window below the header, and follows its size. */
const measureMapHeight = () => Math.max(360, window.innerHeight - CHROME_PX);

function useMapHeight() {
  const [height, setHeight] = useState(measureMapHeight);
  useEffect(() => {
    const onResize = () => setHeight(measureMapHeight());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

/** How many filters differ from a fresh list's. */
function countFilters(filters: AssetSearchFilters): number {
  return Object.entries(assetSearchFilters).filter(([key, codec]) => {
    const value = filters[key as keyof AssetSearchFilters];
    return JSON.stringify(codec.write(value as never)) !== JSON.stringify(codec.write(codec.fallback as never));
  }).length;
}

/**
 * /asset/map (document 1 §2.3): the assets of the viewport on the map, clustered by display status when
 * zoomed out and one by one when zoomed in, with the list's filters, site fences, a popup with quick
 * commands, and live updates while the page is open.
 */
export default function AssetMapPage() {
  const { t } = useTranslation('asset-map');
  const height = useMapHeight();
  const [state, setState] = useUrlState(assetMapState);
  const { at, ...filters } = state;
  const filtersKey = JSON.stringify(filters);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const [camera, setCamera] = useState<Camera | null>(null);
  const [initialView] = useState<InitialView>(() => parseView(at) ?? WORLD);
  const mapArea = useRef<HTMLDivElement>(null);

  // The data of the first view is asked for while maplibre (~1 MB) loads, from the size the map will have.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the first view.
  useLayoutEffect(() => {
    const width = mapArea.current?.clientWidth;
    if (!width || !('center' in initialView)) return;
    const [lng, lat] = initialView.center;
    const { zoom } = initialView;
    setCamera(
      (current) =>
        current ?? { viewport: predictViewport({ lng, lat }, zoom, width, height), zoom, center: { lng, lat } },
    );
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `filtersKey` is `filters` by value.
  const urlErrors = useMemo(() => validateSearch(filters), [filtersKey]);
  const valid = Object.keys(urlErrors).length === 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `filtersKey` is `filters` by value.
  const filterBody = useMemo(() => toQueryBody(filters), [filtersKey]);
  const body = useMemo<AssetMapBody | null>(
    () => (camera && valid ? { ...filterBody, viewport: camera.viewport, zoom: roundZoom(camera.zoom) } : null),
    [camera, valid, filterBody],
  );

  const result = useAssetMap(body);
  const tooMany = isTooMany(result.error);
  const data = tooMany ? undefined : result.data;
  const live = useAssetMapLive(tooMany ? null : body, result.isPlaceholderData ? undefined : result.data?.version);
  const serverErrors = isApiError(result.error) ? serverSearchErrors(result.error.fieldErrors ?? {}) : {};
  const searchErrors = valid ? serverErrors : urlErrors;
  const failed = result.isError && !tooMany && Object.keys(serverErrors).length === 0;

  const canSeeSites = useCan(requirementOf(siteEndpoints.query));
  const sites = useSiteFences(canSeeSites);
  const fences = useMemo(
    () =>
      (sites.data ?? []).flatMap((s) =>
        s.fenceRadius && s.latitude !== null && s.longitude !== null
          ? [{ center: [s.longitude, s.latitude] as LngLat, radius: s.fenceRadius }]
          : [],
      ),
    [sites.data],
  );

  const onCamera = useCallback(
    (next: Camera) => {
      // The loaded map reporting the view that was predicted keeps the request already made for it.
      setCamera((current) =>
        current &&
        roundZoom(current.zoom) === roundZoom(next.zoom) &&
        sameViewport(current.viewport, next.viewport, next.zoom)
          ? current
          : next,
      );
      // The camera goes into the URL in place: a link opens here, but moving the map fills no history.
      setState({ at: formatView(next.center, next.zoom) }, { replace: true });
    },
    [setState],
  );

  const active = countFilters(filters);
  const liveLabel = t(`live.${live}`);

  return (
    <PageContainer
      title={t('title')}
      extra={
        <>
          <Flex align="center" gap={6} aria-live="polite">
            <Badge status={liveColors[live]} text={liveLabel} />
          </Flex>
          <Button icon={<UnorderedListOutlined />} onClick={() => setListOpen(true)}>
            {t('list.open')}
          </Button>
          <Badge count={active} size="small">
            <Button icon={<FilterOutlined />} onClick={() => setFiltersOpen(true)}>
              {t('filters')}
            </Button>
          </Badge>
        </>
      }
    >
      <div ref={mapArea} style={{ position: 'relative' }}>
        <MapView label={t('mapLabel')} initialView={initialView} height={height}>
          <AssetMapLayers
            data={data}
            fences={fences}
            onCamera={onCamera}
            listOpen={listOpen}
            onListClose={() => setListOpen(false)}
          />
        </MapView>
        <Flex
          vertical
          gap={8}
          align="center"
          style={{ position: 'absolute', top: 12, left: 56, right: 56, pointerEvents: 'none' }}
        >
          {tooMany && (
            <Alert
              role="alert"
              type="warning"
              showIcon
              style={{ pointerEvents: 'auto', maxWidth: 480 }}
              title={t('tooMany')}
              description={t('tooManyHint', { max: ASSET_MAP_ASSETS_MAX })}
            />
          )}
          {failed && (
            <Alert
              role="alert"
              type="error"
              showIcon
              style={{ pointerEvents: 'auto', maxWidth: 480 }}
              title={t('failed')}
              action={
                <Button size="small" onClick={() => void result.refetch()}>
                  {t('retry')}
                </Button>
              }
            />
          )}
          {data && data.total === 0 && !result.isFetching && (
            <Alert type="info" style={{ pointerEvents: 'auto' }} title={t('empty')} />
          )}
        </Flex>
        <Card
          size="small"
          style={{ position: 'absolute', left: 12, top: 12, opacity: 0.95 }}
          styles={{ body: { padding: '4px 10px' } }}
        >
          <Flex align="center" gap={8} aria-live="polite">
            {result.isFetching && <Spin size="small" aria-label={t('loading')} />}
            <Typography.Text data-testid="asset-map-total">
              {data ? t('inView', { count: data.total }) : result.isFetching ? t('loading') : ''}
            </Typography.Text>
          </Flex>
        </Card>
        <Card size="small" style={{ position: 'absolute', right: 12, bottom: 28, opacity: 0.95 }}>
          <StatusLegend statuses={assetDisplayStatuses} />
        </Card>
      </div>
      <Drawer
        title={t('filtersTitle')}
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        size="large"
        destroyOnHidden={false}
      >
        <AssetSearchPanel
          filters={filters}
          errors={searchErrors}
          cooldown={0}
          onSearch={(next) => {
            setState(next);
            setFiltersOpen(false);
          }}
        />
      </Drawer>
    </PageContainer>
  );
}
