import { theme } from 'antd';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { PlainSkeleton } from '../../../shared/ui/plain.tsx';

type Echarts = typeof import('./echarts-setup.ts');
let loading: Promise<Echarts> | undefined;
/** ECharts is fetched the first time a chart mounts: only the dashboard ever pays for it. */
const loadEcharts = () => {
  loading ??= import('./echarts-setup.ts');
  return loading;
};

export interface EChartProps {
  option: EChartsCoreOption;
  height?: number;
  /** What the chart shows, for screen readers (the same figures are in the cards and tables around it). */
  label: string;
  testId?: string;
}

/**
 * One ECharts instance in a div: created when the library has loaded, given each new option whole, resized
 * with its box, disposed on unmount. Colours of text and lines follow the antd theme (light or dark).
 */
export function EChart({ option, height = 280, label, testId }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);
  const { token } = theme.useToken();

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    void loadEcharts().then(({ echarts }) => {
      if (disposed || !box.current) return;
      chart.current = echarts.init(box.current, undefined, { renderer: 'svg' });
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(box.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (!ready || !chart.current) return;
    chart.current.setOption(
      {
        textStyle: { color: token.colorText, fontFamily: token.fontFamily },
        tooltip: { confine: true },
        ...option,
      },
      { notMerge: true },
    );
  }, [ready, option, token.colorText, token.fontFamily]);

  return (
    <div style={{ position: 'relative', height }} data-testid={testId}>
      {!ready && (
        <div style={{ position: 'absolute', inset: 0 }}>
          <PlainSkeleton rows={5} />
        </div>
      )}
      <div ref={box} role="img" aria-label={label} style={{ height, width: '100%' }} />
    </div>
  );
}
