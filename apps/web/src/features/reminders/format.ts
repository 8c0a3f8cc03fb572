import type { AssetTimerState, TimerKind, TimerValueUnit, TimeUnit } from '@fleetdesk/contracts';
import { currentLocale } from '../../shared/i18n/i18n.ts';

/**
 * Formatting of what timers count, shared by the reminder screens and the reminder logs. Units are written by
 * Intl, so "3d 4h", "3g 4h", "3일 4시간", "12.5 km" and "20 hr" need no translation files.
 */

const unitFormat = (
  unit: string,
  locale: string,
  maximumFractionDigits = 1,
  unitDisplay: 'narrow' | 'short' = 'narrow',
) => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay, maximumFractionDigits });

/** A number of seconds as its two largest parts: "3d 4h", "5h 20m", "45s"; negative values keep their sign. */
export function formatDuration(seconds: number, locale: string = currentLocale()): string {
  const sign = seconds < 0 ? '-' : '';
  let rest = Math.round(Math.abs(seconds));
  const parts: [number, string][] = [];
  for (const [size, unit] of [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ] as const) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || (parts.length > 0 && parts.length < 2)) parts.push([count, unit]);
  }
  const shown = parts.slice(0, 2).filter(([count], index) => count > 0 || index === 0);
  if (shown.length === 0) return unitFormat('second', locale).format(0);
  return sign + shown.map(([count, unit]) => unitFormat(unit, locale, 0).format(count)).join(' ');
}

/** elapsed, remaining or a log's value in the unit the API gives (seconds → duration, km, hours). */
export function formatTimerValue(
  value: number | null | undefined,
  unit: TimerValueUnit,
  locale: string = currentLocale(),
): string {
  if (value === null || value === undefined) return '';
  if (unit === 'seconds') return formatDuration(value, locale);
  return unitFormat(unit === 'km' ? 'kilometer' : 'hour', locale, 1, 'short').format(value);
}

/** The unit a timer's values come in (the contract's `unit` of progress and log rows). */
export function valueUnitOfKind(kind: TimerKind): TimerValueUnit {
  if (kind === 'distance') return 'km';
  if (kind === 'rideTime') return 'hours';
  return 'seconds';
}

const intlTimeUnit: Record<TimeUnit, string> = {
  years: 'year',
  months: 'month',
  weeks: 'week',
  days: 'day',
  hours: 'hour',
  minutes: 'minute',
  seconds: 'second',
};

/** A timer's cycle length without words around it: "3 months", "500 km", "20 hr"; a schedule shows its cron. */
export function formatTiming(
  timer: { kind: TimerKind; timingUnit: TimeUnit | null; timingQuantity: number | null; cron: string | null },
  locale: string = currentLocale(),
): string {
  if (timer.kind === 'schedule') return timer.cron ?? '';
  if (timer.timingQuantity === null) return '';
  if (timer.kind === 'time') {
    const unit = intlTimeUnit[timer.timingUnit ?? 'days'];
    return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(timer.timingQuantity);
  }
  return formatTimerValue(timer.timingQuantity, valueUnitOfKind(timer.kind), locale);
}

/** antd Tag colours of the asset-timer states, the same on every reminder screen. */
export const stateColor: Record<AssetTimerState, string> = {
  ok: 'green',
  upcoming: 'gold',
  due: 'orange',
  overdue: 'red',
};

/** The progress bar's status: past due is an exception, close to due is active. */
export function progressPercent(progress: number): number {
  return Math.max(0, Math.min(100, Math.round(progress * 100)));
}
