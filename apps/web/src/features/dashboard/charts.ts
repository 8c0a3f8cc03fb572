import type { DashboardBucket } from '@fleetdesk/contracts';
import dayjs from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';

/** Document 2 §4 display statuses in the colours the map and lists use for the same states. */
export const displayStatusColors: Record<string, string> = {
  Active: '#13a8a8',
  Inactive: '#7e8ba3',
  New: '#52c41a',
  Alarm: '#fa541c',
  Missing: '#faad14',
  Removed: '#bfbfbf',
  Retired: '#8d6e63',
  Error: '#cf1322',
};

/** One colour per alarm or error code (a stacked bar and its legend agree); unknown codes take grey. */
export const codeColors: Record<string, string> = {
  tilt: '#fa8c16',
  'illegal-move': '#722ed1',
  'low-battery': '#fadb14',
  tamper: '#eb2f96',
  fall: '#1677ff',
  'gps-fault': '#2f54eb',
  'communication-timeout': '#8c8c8c',
  'controller-fault': '#cf1322',
  'battery-fault': '#d4b106',
};
const otherColor = '#bfbfbf';
export const colorOfCode = (code: string) => codeColors[code] ?? otherColor;

/**
 * The starts of every hour or day from `from` to `to`, in the browser's time zone (the one the server was
 * told), stopping at now: the axis of a chart, where the server only sends buckets that had events.
 */
export function bucketStarts(from: string, to: string, bucket: DashboardBucket, now = dayjs()): number[] {
  const end = Math.min(dayjs(to).valueOf(), now.valueOf());
  const starts: number[] = [];
  for (let at = dayjs(from).startOf(bucket); at.valueOf() < end; at = at.add(1, bucket)) starts.push(at.valueOf());
  return starts;
}

/** An axis label: the hour (with the date at midnight) or the localised day. */
export function bucketLabel(at: number, bucket: DashboardBucket): string {
  const d = dayjs(at);
  if (bucket === 'day') return d.format('MMM D');
  return d.hour() === 0 ? d.format('MMM D HH:mm') : d.format('HH:mm');
}

const grid = { left: 8, right: 16, top: 40, bottom: 8, containLabel: true };

/** A donut of named counts with the total in its middle. */
export function donutOption(items: { name: string; value: number; color: string }[], total: string): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { type: 'scroll', orient: 'vertical', right: 0, top: 'middle' },
    title: undefined,
    series: [
      {
        type: 'pie',
        radius: ['48%', '72%'],
        center: ['35%', '50%'],
        avoidLabelOverlap: true,
        label: { show: true, position: 'center', formatter: () => total, fontSize: 20, fontWeight: 600 },
        labelLine: { show: false },
        data: items.map((i) => ({ name: i.name, value: i.value, itemStyle: { color: i.color } })),
      },
    ],
  };
}

/** Stacked columns over time: one series per name, zeros where the server sent nothing. */
export function timeBarsOption(
  axis: number[],
  bucket: DashboardBucket,
  series: { name: string; color: string; values: Map<number, number> }[],
): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { type: 'scroll', top: 0 },
    grid,
    xAxis: { type: 'category', data: axis.map((at) => bucketLabel(at, bucket)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((s) => ({
      type: 'bar',
      name: s.name,
      stack: 'total',
      itemStyle: { color: s.color },
      emphasis: { focus: 'series' },
      data: axis.map((at) => s.values.get(at) ?? 0),
    })),
  };
}

/** Horizontal bars of named counts, largest on top. */
export function rankingOption(
  items: { name: string; value: number; color?: string }[],
  color: string,
): EChartsCoreOption {
  const ordered = [...items].reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { ...grid, top: 8 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: ordered.map((i) => i.name), axisLabel: { width: 140, overflow: 'truncate' } },
    series: [
      {
        type: 'bar',
        data: ordered.map((i) => ({ value: i.value, itemStyle: { color: i.color ?? color } })),
        label: { show: true, position: 'right' },
      },
    ],
  };
}

/** Columns of named counts in the given order. */
export function columnsOption(
  items: { name: string; value: number; color?: string }[],
  color: string,
): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { ...grid, top: 24 },
    xAxis: { type: 'category', data: items.map((i) => i.name), axisLabel: { interval: 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'bar',
        data: items.map((i) => ({ value: i.value, itemStyle: { color: i.color ?? color } })),
        label: { show: true, position: 'top' },
      },
    ],
  };
}
