import { PERIOD_FIX_LEAD_MS, type PlanDurationUnit } from '@fleetdesk/contracts';
import { addTime, instantOf, wallOf } from '../../lib/calendar.ts';

/**
 * Subscription periods (docs/decisions.md "Subscriptions"): pure calendar work on the partner's clock, so the
 * boundaries (month ends, DST) are tested without a database.
 */

export interface PlanDuration {
  durationUnit: PlanDurationUnit;
  durationQuantity: number;
}

/** Where a period stands in its plan's run: periods of one plan count from an anchor so month ends never drift. */
export interface PeriodBounds {
  startsAt: Date;
  endsAt: Date;
  anchorAt: Date;
  anchorOffset: number;
}

const sameDuration = (a: PlanDuration, b: PlanDuration) =>
  a.durationUnit === b.durationUnit && a.durationQuantity === b.durationQuantity;

const after = (anchor: Date, plan: PlanDuration, periods: number, timezone: string) =>
  addTime(anchor, plan.durationUnit, plan.durationQuantity * periods, timezone);

/** The first day-of-month boundary (local midnight) at or after `from`. */
export function nextPatternDay(from: Date, dayOfMonth: number, timezone: string): Date {
  const w = wallOf(from, timezone);
  const midnight = (y: number, mo: number) => instantOf({ y, mo, d: dayOfMonth, h: 0, mi: 0, s: 0, ms: 0 }, timezone);
  const thisMonth = midnight(w.y, w.mo);
  if (thisMonth.getTime() >= from.getTime()) return thisMonth;
  return midnight(w.mo === 11 ? w.y + 1 : w.y, (w.mo + 1) % 12);
}

/**
 * The first period of an order. Rolling: one plan duration from the start. Fixed pattern: from the start to the
 * first pattern day (a short first period), or a whole period when the start is on that day.
 */
export function firstPeriod(
  start: Date,
  plan: PlanDuration,
  timezone: string,
  dayOfMonth: number | null,
): PeriodBounds {
  if (dayOfMonth === null)
    return { startsAt: start, endsAt: after(start, plan, 1, timezone), anchorAt: start, anchorOffset: 0 };
  const pattern = nextPatternDay(start, dayOfMonth, timezone);
  if (pattern.getTime() === start.getTime())
    return { startsAt: start, endsAt: after(start, plan, 1, timezone), anchorAt: start, anchorOffset: 0 };
  // The short first period ends on the pattern day; the next counts from it as offset 0.
  return { startsAt: start, endsAt: pattern, anchorAt: pattern, anchorOffset: -1 };
}

/** The period after `previous` on `plan` (the previous one's plan may differ: then the anchor moves to its end). */
export function nextPeriod(
  previous: PeriodBounds & { plan: PlanDuration },
  plan: PlanDuration,
  timezone: string,
): PeriodBounds {
  const startsAt = previous.endsAt;
  if (previous.anchorOffset >= 0 && sameDuration(previous.plan, plan)) {
    const offset = previous.anchorOffset + 1;
    return {
      startsAt,
      endsAt: after(previous.anchorAt, plan, offset + 1, timezone),
      anchorAt: previous.anchorAt,
      anchorOffset: offset,
    };
  }
  // A new plan (or the end of a short first period): its periods count from here.
  return { startsAt, endsAt: after(startsAt, plan, 1, timezone), anchorAt: startsAt, anchorOffset: 0 };
}

/** A whole period's length for a start (the short first period of a fixed pattern is prorated against it). */
export const fullLengthMs = (startsAt: Date, plan: PlanDuration, timezone: string) =>
  after(startsAt, plan, 1, timezone).getTime() - startsAt.getTime();

/**
 * Document 2 §5 "the cycle closes 2 days before it starts": when the period after one ending at `endsAt` is fixed.
 * Never more than half a period ahead, so minute and hour plans are fixed within their own period.
 */
export function fixTimeBefore(startsAt: Date, endsAt: Date): Date {
  const lead = Math.min(PERIOD_FIX_LEAD_MS, (endsAt.getTime() - startsAt.getTime()) / 2);
  return new Date(endsAt.getTime() - lead);
}

const cents = (v: number) => Math.round(v * 100);

/** The basic fee of a period: whole, or prorated by time for a short first period. */
export function basicFeeOf(basicFee: number, period: { startsAt: Date; endsAt: Date }, fullMs: number): number {
  const length = period.endsAt.getTime() - period.startsAt.getTime();
  if (length >= fullMs) return basicFee;
  return Math.round(cents(basicFee) * (length / fullMs)) / 100;
}

export interface UsageTerms {
  usageFee: number;
  usageFeeUpperLimit: number;
  /** Free ride hours per period. */
  deductible: number;
}

/** A period's usage fee from its ride seconds: hours beyond the deductible × the fee, at most the upper limit. */
export function usageFeeOf(seconds: number, terms: UsageTerms) {
  const hours = Math.max(0, seconds) / 3600;
  const deductedHours = Math.min(hours, terms.deductible);
  const billable = hours - deductedHours;
  const amount = Math.min(cents(billable * terms.usageFee), cents(terms.usageFeeUpperLimit)) / 100;
  return {
    amount,
    deductedSeconds: deductedHours * 3600,
    deducted: cents(deductedHours * terms.usageFee) / 100,
  };
}
