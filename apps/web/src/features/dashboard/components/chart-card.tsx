import type { EChartsCoreOption } from 'echarts/core';
import type { ReactNode } from 'react';
import { PlainCard, PlainEmpty, PlainSkeleton } from '../../../shared/ui/plain.tsx';
import { EChart } from './echart.tsx';

export interface ChartCardProps {
  title: string;
  /** Null while the data loads. */
  option: EChartsCoreOption | null;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: string | false;
  height?: number;
  testId?: string;
  extra?: ReactNode;
}

/** A titled card with one chart, a skeleton while loading and an empty state. */
export function ChartCard({ title, option, empty, height = 280, testId, extra }: ChartCardProps) {
  return (
    <PlainCard title={title} extra={extra} data-testid={testId} style={{ minHeight: height }}>
      {option === null ? (
        <PlainSkeleton rows={6} />
      ) : empty ? (
        <div style={{ paddingTop: height / 5 }}>
          <PlainEmpty>{empty}</PlainEmpty>
        </div>
      ) : (
        <EChart option={option} height={height} label={title} />
      )}
    </PlainCard>
  );
}
