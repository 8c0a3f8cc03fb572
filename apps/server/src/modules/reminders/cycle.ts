import { OVERDUE_SHARE, type TimerKind, type TimerValueUnit, type TimeUnit } from '@fleetdesk/contracts';
import { Cron } from 'croner';
import { DomainError } from '../../errors.ts';
import { addTime } from '../../lib/calendar.ts';

/**
 * Where a cycle's states begin (docs/decisions.md "Reminders"). Computed once when a cycle starts (an asset is
 * added, a reset, a timer's timing changes), so the minute's evaluation is a comparison in SQL, never a cron or
 * calendar computation per row.
 */
export interface TimerTiming {
  kind: TimerKind;
  timingUnit: TimeUnit | null;
  timingQuantity: number | null;
  cron: string | null;
}
export interface RemindBefore {
  remindBeforeReset: boolean;
  remindBefore: number | null;
}
export interface Thresholds {
  upcomingAt: Date | null;
  dueAt: Date | null;
  overdueAt: Date | null;
  /** Odometer readings: metres for distance, seconds for ride time. */
  upcomingAtUsage: number | null;
  dueAtUsage: number | null;
  overdueAtUsage: number | null;
}

export const valueUnitOf = (kind: TimerKind): TimerValueUnit =>
  kind === 'distance' ? 'km' : kind === 'rideTime' ? 'hours' : 'seconds';

/** The odometer's unit per timer unit: km → m, hours → s. */
export const usageScale = (kind: TimerKind) => (kind === 'distance' ? 1000 : kind === 'rideTime' ? 3600 : 1);

/** Refuses what croner cannot parse (422 InvalidSchedule); five fields are checked by the contract. */
export function scheduleOf(cron: string, timezone: string): Cron {
  try {
    return new Cron(cron, { timezone, paused: true });
  } catch {
    throw new DomainError('InvalidSchedule', 422, 'The schedule is not a valid five-field cron expression', {
      fields: { cron: 'The schedule is not a valid five-field cron expression' },
    });
  }
}

/** The schedule's next occurrences after `from` (the form's preview). */
export function nextRuns(cron: string, timezone: string, count: number, from = new Date()): Date[] {
  return scheduleOf(cron, timezone).nextRuns(count, from);
}

/**
 * The thresholds of a cycle starting at `start` with the odometer at `odometer` (metres or seconds, by kind).
 * Remind-before is in the timer's unit (its time unit, km, hours; hours for schedules) and never before the start.
 * Overdue: past due by OVERDUE_SHARE of the cycle's length (a schedule's length: from one occurrence to the next).
 */
export function cycleThresholds(
  timer: TimerTiming,
  rule: RemindBefore,
  start: Date,
  odometer: number,
  timezone: string,
): Thresholds {
  const none = {
    upcomingAt: null,
    dueAt: null,
    overdueAt: null,
    upcomingAtUsage: null,
    dueAtUsage: null,
    overdueAtUsage: null,
  };
  const remind = rule.remindBeforeReset && rule.remindBefore != null ? rule.remindBefore : null;
  if (timer.kind === 'distance' || timer.kind === 'rideTime') {
    const length = (timer.timingQuantity ?? 0) * usageScale(timer.kind);
    const due = odometer + length;
    return {
      ...none,
      dueAtUsage: due,
      overdueAtUsage: due + OVERDUE_SHARE * length,
      upcomingAtUsage: remind === null ? null : Math.max(odometer, due - remind * usageScale(timer.kind)),
    };
  }
  let dueAt: Date;
  let length: number;
  let upcomingAt: Date | null = null;
  if (timer.kind === 'schedule') {
    const schedule = scheduleOf(timer.cron ?? '', timezone);
    const next = schedule.nextRun(start);
    if (!next) throw new DomainError('InvalidSchedule', 422, 'The schedule is not a valid five-field cron expression');
    dueAt = next;
    const after = schedule.nextRun(next);
    length = after ? after.getTime() - next.getTime() : next.getTime() - start.getTime();
    if (remind !== null) upcomingAt = new Date(dueAt.getTime() - remind * 3_600_000);
  } else {
    const unit = timer.timingUnit ?? 'days';
    dueAt = addTime(start, unit, timer.timingQuantity ?? 0, timezone);
    length = dueAt.getTime() - start.getTime();
    if (remind !== null) upcomingAt = addTime(dueAt, unit, -remind, timezone);
  }
  if (upcomingAt && upcomingAt < start) upcomingAt = start;
  return { ...none, upcomingAt, dueAt, overdueAt: new Date(dueAt.getTime() + OVERDUE_SHARE * length) };
}
