import type { DashboardEventKind } from '@fleetdesk/contracts';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { Busy, PlainEmpty, PlainProblem, PlainSkeleton, PlainTabs } from '../../../shared/ui/plain.tsx';
import { useUrlState } from '../../../shared/ui/url-state.ts';
import { type DashboardQueryInput, dashboardKeys, useDashboardEvents, useDashboardOverview } from '../api.ts';
import { DefinitionsButton } from '../components/definitions.button.tsx';
import { OverviewTab } from '../components/overview.tab.tsx';
import { PeriodBar } from '../components/period-bar.tsx';
import { type DashboardLinks, dashboardLinks } from '../links.ts';
import { type DashboardRange, rangeOf } from '../period.ts';
import { type DashboardTab, dashboardTabs, dashboardUrlShape } from '../urls.ts';

// The alarm and error tabs (antd's table and list) load when one is opened: the overview is the first screen (issue 27).
const EventsTab = lazy(() => import('../components/events.tab.tsx').then((m) => ({ default: m.EventsTab })));

interface PanelProps {
  query: DashboardQueryInput;
  range: DashboardRange;
  links: DashboardLinks;
}

/** Shown when a tab's data could not be loaded at all (the notification says why). */
function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <PlainProblem
      title={t('loadFailed')}
      action={
        <Button type="primary" onClick={onRetry}>
          {t('action.retry')}
        </Button>
      }
    />
  );
}

/**
 * The range the shown data belongs to: while the next period loads, the previous figures stay on screen
 * and must keep their own axis (a month of days, not today's hours).
 */
function useRangeOfData(range: DashboardRange, isPlaceholderData: boolean): DashboardRange {
  const shown = useRef(range);
  if (!isPlaceholderData) shown.current = range;
  return shown.current;
}

function OverviewPanel({ query, range, links }: PanelProps) {
  const { search } = useLocation();
  const result = useDashboardOverview(query);
  const shownRange = useRangeOfData(range, result.isPlaceholderData);
  if (result.isError && !result.data) return <LoadFailed onRetry={() => void result.refetch()} />;
  return (
    <Busy busy={result.isPlaceholderData}>
      <OverviewTab data={result.data} range={shownRange} links={links} search={search} />
    </Busy>
  );
}

function EventsPanel({
  kind,
  query,
  range,
  links,
  periodLabel,
}: PanelProps & { kind: DashboardEventKind; periodLabel: string }) {
  const result = useDashboardEvents(kind, query);
  const shownRange = useRangeOfData(range, result.isPlaceholderData);
  if (result.isError && !result.data) return <LoadFailed onRetry={() => void result.refetch()} />;
  return (
    <Busy busy={result.isPlaceholderData}>
      <Suspense fallback={<PlainSkeleton rows={6} />}>
        <EventsTab kind={kind} data={result.data} range={shownRange} links={links} periodLabel={periodLabel} />
      </Suspense>
    </Busy>
  );
}

/** /dashboard/asset: the asset dashboard with its overview, alarm and error tabs (document 1 §2.5). */
export default function AssetDashboardPage() {
  const { t } = useTranslation('dashboard');
  const [state, setState] = useUrlState(dashboardUrlShape);
  const client = useQueryClient();
  const refreshing = useIsFetching({ queryKey: dashboardKeys.all }) > 0;
  // The day is part of the range: a dashboard left open past midnight moves on to the new day.
  const today = dayjs().format('YYYY-MM-DD');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `today` is read by rangeOf through dayjs().
  const range = useMemo(
    () => rangeOf(state.period, { start: state.start, end: state.end }),
    [state.period, state.start, state.end, today],
  );
  const query = range ? { ...range, partnerId: state.partnerId, categoryId: state.categoryId } : null;

  const panel = (tab: DashboardTab) => {
    if (tab !== state.tab) return null;
    if (!range || !query) return <PlainEmpty>{t('period.pickRange')}</PlainEmpty>;
    const links = dashboardLinks({ partnerId: state.partnerId, categoryId: state.categoryId, range });
    const periodLabel = state.period === 'custom' ? `${state.start} – ${state.end}` : t(`period.${state.period}`);
    return tab === 'overview' ? (
      <OverviewPanel query={query} range={range} links={links} />
    ) : (
      <EventsPanel kind={tab} query={query} range={range} links={links} periodLabel={periodLabel} />
    );
  };

  return (
    <PageContainer extra={<DefinitionsButton />}>
      <Flex vertical gap={16}>
        <PeriodBar
          period={state.period}
          custom={{ start: state.start, end: state.end }}
          partnerId={state.partnerId}
          categoryId={state.categoryId}
          onPeriod={(period, custom) =>
            setState({ period, start: custom?.start, end: custom?.end }, { replace: period === state.period })
          }
          onFilter={(filter) => setState(filter)}
          onRefresh={() => void client.invalidateQueries({ queryKey: dashboardKeys.all })}
          refreshing={refreshing}
        />
        <PlainTabs
          activeKey={state.tab}
          onChange={(tab) => setState({ tab })}
          items={dashboardTabs.map((tab) => ({ key: tab, label: t(`tab.${tab}`) }))}
        >
          {panel(state.tab)}
        </PlainTabs>
      </Flex>
    </PageContainer>
  );
}
