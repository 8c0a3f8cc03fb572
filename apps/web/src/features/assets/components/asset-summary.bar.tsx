import {
  type AssetLifeCycleState,
  type AssetSummary,
  assetLifeCycleStates,
  assetTurnoverStates,
} from '@fleetdesk/contracts';
import { Alert, Button, Card, Divider, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LifeCycleTag } from './life-cycle-tag.tsx';

/**
 * Counts of the searched assets per lifecycle state (in document 2 §4's colours) and per turnover state. A
 * lifecycle count narrows the search to that state; turnover is shown only, the search has no turnover filter.
 */
export function AssetSummaryBar({
  summary,
  loading,
  failed,
  selectedLifeCycles,
  onPickLifeCycle,
}: {
  summary: AssetSummary | undefined;
  loading: boolean;
  failed: boolean;
  selectedLifeCycles: readonly string[];
  onPickLifeCycle: (state: AssetLifeCycleState) => void;
}) {
  const { t } = useTranslation('assets');
  if (failed) return <Alert type="warning" showIcon title={t('summary.failed')} />;
  if (!summary) return <Card size="small">{loading ? <Skeleton active paragraph={false} /> : null}</Card>;
  const only = selectedLifeCycles.length === 1 ? selectedLifeCycles[0] : undefined;
  return (
    <Card size="small" aria-label={t('summary.title')} data-testid="asset-summary">
      <Flex wrap align="center" gap={4}>
        <Typography.Text type="secondary">{t('summary.lifeCycle')}</Typography.Text>
        {assetLifeCycleStates.map((state) => (
          <Button
            key={state}
            size="small"
            type={only === state ? 'default' : 'text'}
            aria-pressed={only === state}
            // A hint, not the name: the name is what the button shows ("New 270"), as WCAG 2.5.3 asks.
            title={t('summary.filterBy', { state: t(`lifeCycle.${state}`), count: summary.lifeCycleState[state] })}
            onClick={() => onPickLifeCycle(state)}
            data-state={state}
          >
            <LifeCycleTag state={state} />
            <strong>{summary.lifeCycleState[state]}</strong>
          </Button>
        ))}
        <Divider vertical />
        <Typography.Text type="secondary">{t('summary.turnover')}</Typography.Text>
        {assetTurnoverStates.map((state) => (
          <span key={state} style={{ paddingInline: 6 }} data-turnover={state}>
            <Tag bordered={false}>{t(`turnover.${state}`)}</Tag>
            <strong>{summary.turnoverState[state]}</strong>
          </span>
        ))}
      </Flex>
    </Card>
  );
}
