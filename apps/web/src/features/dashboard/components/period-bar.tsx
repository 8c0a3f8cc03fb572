import { ReloadOutlined } from '@ant-design/icons';
import type { DashboardPeriod } from '@fleetdesk/contracts';
import { dashboardPeriods } from '@fleetdesk/contracts';
import { Button, Flex } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { PlainSegmented, PlainSelect, PlainSkeleton } from '../../../shared/ui/plain.tsx';
import { useCategoryOptions } from '../api.ts';
import { type CustomDays, customRangeProblem, fromDay, toDay } from '../period.ts';

const CustomRangePicker = lazy(() => import('./custom-range.picker.tsx'));

export interface PeriodBarProps {
  period: DashboardPeriod;
  custom: CustomDays;
  partnerId: string | undefined;
  categoryId: string | undefined;
  onPeriod: (period: DashboardPeriod, custom?: CustomDays) => void;
  onFilter: (filter: { partnerId?: string; categoryId?: string }) => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/**
 * The period switch (today, 3 days, week, month, custom) and the partner and category filters. A custom range
 * longer than 31 days is refused here with the spec's message and never sent; days ahead of today are disabled.
 */
export function PeriodBar(props: PeriodBarProps) {
  const { t } = useTranslation('dashboard');
  const partners = usePartnerOptions();
  const categories = useCategoryOptions();
  const [problem, setProblem] = useState<string | null>(null);
  const start = fromDay(props.custom.start);
  const end = fromDay(props.custom.end);

  const pickRange = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [first, last] = range ?? [null, null];
    if (!first || !last) {
      setProblem(null);
      return;
    }
    const refused = customRangeProblem(first, last);
    setProblem(refused);
    if (!refused) props.onPeriod('custom', { start: toDay(first), end: toDay(last) });
  };

  return (
    <Flex wrap gap={12} align="flex-start" justify="space-between">
      <Flex wrap gap={12} align="flex-start">
        <PlainSegmented<DashboardPeriod>
          label={t('period.label')}
          value={props.period}
          options={dashboardPeriods.map((p) => ({ value: p, label: t(`period.${p}`) }))}
          onChange={(p) => {
            setProblem(null);
            props.onPeriod(p);
          }}
        />
        {props.period === 'custom' && (
          <Flex vertical gap={4}>
            <Suspense fallback={<PlainSkeleton rows={1} />}>
              <CustomRangePicker
                label={t('period.customRange')}
                value={start && end ? [start, end] : null}
                invalid={problem !== null}
                onChange={pickRange}
              />
            </Suspense>
            {problem ? (
              <span className="fd-text-danger" role="alert" data-testid="period-problem">
                {translateValidationMessage(problem)}
              </span>
            ) : (
              <span className="fd-text-secondary" data-testid="period-help">
                {t('period.pickRange')}
              </span>
            )}
          </Flex>
        )}
      </Flex>
      <Flex wrap gap={8} align="center">
        {(partners.data?.length ?? 0) > 1 && (
          <PlainSelect
            label={t('filter.partner')}
            allLabel={`${t('filter.partner')}: ${t('filter.all')}`}
            value={props.partnerId}
            onChange={(partnerId) => props.onFilter({ partnerId })}
            options={partners.data?.map((p) => ({ value: p.id, label: p.name }))}
            testId="filter-partner"
          />
        )}
        <PlainSelect
          label={t('filter.category')}
          allLabel={`${t('filter.category')}: ${t('filter.all')}`}
          value={props.categoryId}
          onChange={(categoryId) => props.onFilter({ categoryId })}
          options={categories.data?.map((c) => ({ value: c.id, label: c.name }))}
          testId="filter-category"
        />
        <Button icon={<ReloadOutlined />} loading={props.refreshing} onClick={props.onRefresh}>
          {t('action.refresh')}
        </Button>
      </Flex>
    </Flex>
  );
}
