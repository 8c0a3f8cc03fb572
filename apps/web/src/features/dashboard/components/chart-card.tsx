import { Card, Empty, Skeleton } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import type { ReactNode } from 'react';
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
    <Card title={title} size="small" extra={extra} data-testid={testId} styles={{ body: { minHeight: height } }}>
      {option === null ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} style={{ paddingTop: height / 5 }} />
      ) : (
        <EChart option={option} height={height} label={title} />
      )}
    </Card>
  );
}
