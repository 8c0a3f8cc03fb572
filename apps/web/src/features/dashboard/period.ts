import {
  DASHBOARD_RANGE_MAX_DAYS,
  DASHBOARD_RANGE_MAX_MESSAGE,
  DASHBOARD_RANGE_ORDER_MESSAGE,
  type DashboardPeriod,
} from '@fleetdesk/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** A custom range as the URL keeps it: two calendar days (YYYY-MM-DD), both included. */
export interface CustomDays {
  start?: string;
  end?: string;
}

export interface DashboardRange {
  from: string;
  to: string;
  timeZone: string;
}

const DAY_FORMAT = 'YYYY-MM-DD';
/** Days before today that each preset reaches back: today alone, 3 days, 7 days, 30 days (today included). */
const presetDays: Record<Exclude<DashboardPeriod, 'custom'>, number> = { today: 0, '3days': 2, week: 6, month: 29 };

/** The browser's time zone: the client computes the range there and the server breaks days there too. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Days from the first to the last, both included. */
export const daysIn = (start: Dayjs, end: Dayjs) => end.startOf('day').diff(start.startOf('day'), 'day') + 1;

/**
 * Why a custom range cannot be asked for (document 2 §9: at most 31 days, start before end), or null.
 * The server checks the same rule on the instants it receives.
 */
export function customRangeProblem(start: Dayjs, end: Dayjs): string | null {
  if (end.isBefore(start, 'day')) return DASHBOARD_RANGE_ORDER_MESSAGE;
  if (daysIn(start, end) > DASHBOARD_RANGE_MAX_DAYS) return DASHBOARD_RANGE_MAX_MESSAGE;
  return null;
}

/**
 * The instants a period covers, in the browser's time zone: whole days, from the midnight that starts the
 * first day to the midnight after the last one (today for a preset). No event lies ahead of now, so a range
 * that ends tonight counts the same as one that ends now, and stays the same all day: the open dashboard can
 * refresh it and see new events. Null when a custom range is missing or refused.
 */
export function rangeOf(period: DashboardPeriod, custom: CustomDays, now: Dayjs = dayjs()): DashboardRange | null {
  const timeZone = browserTimeZone();
  if (period !== 'custom') {
    const from = now.subtract(presetDays[period], 'day').startOf('day');
    return { from: from.toISOString(), to: now.add(1, 'day').startOf('day').toISOString(), timeZone };
  }
  const start = custom.start ? dayjs(custom.start) : null;
  const end = custom.end ? dayjs(custom.end) : null;
  if (!start?.isValid() || !end?.isValid() || customRangeProblem(start, end)) return null;
  return {
    from: start.startOf('day').toISOString(),
    to: end.add(1, 'day').startOf('day').toISOString(),
    timeZone,
  };
}

export const toDay = (d: Dayjs) => d.format(DAY_FORMAT);
export const fromDay = (s: string | undefined) => (s ? dayjs(s) : null);
