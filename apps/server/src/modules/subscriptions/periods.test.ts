import { describe, expect, it } from 'vitest';
import { basicFeeOf, firstPeriod, fixTimeBefore, fullLengthMs, nextPeriod, usageFeeOf } from './periods.ts';

const monthly = { durationUnit: 'months', durationQuantity: 1 } as const;
const daily = { durationUnit: 'days', durationQuantity: 1 } as const;
const iso = (d: Date) => d.toISOString();

function run(start: string, plan: typeof monthly | typeof daily, tz: string, n: number, day: number | null = null) {
  let p = { ...firstPeriod(new Date(start), plan, tz, day), plan };
  const out = [p];
  for (let i = 1; i < n; i++) {
    p = { ...nextPeriod(p, plan, tz), plan };
    out.push(p);
  }
  return out;
}

describe('subscription periods on the partner clock', () => {
  it('keeps the 31st: a month after 31 January is the last of February, then 31 March', () => {
    const periods = run('2026-01-31T09:00:00.000Z', monthly, 'Europe/Rome', 3);
    expect(periods.map((p) => iso(p.endsAt))).toEqual([
      '2026-02-28T09:00:00.000Z',
      '2026-03-31T08:00:00.000Z', // 10:00 in Rome, now on summer time
      '2026-04-30T08:00:00.000Z',
    ]);
    // Each period starts where the previous one ended: no gap, no overlap.
    expect(iso(periods[1]?.startsAt as Date)).toBe(iso(periods[0]?.endsAt as Date));
  });

  it('makes a day across the DST change 23 hours in Rome', () => {
    const [first] = run('2026-03-28T23:00:00.000Z', daily, 'Europe/Rome', 1); // midnight in Rome, 29 March
    expect((first?.endsAt.getTime() as number) - (first?.startsAt.getTime() as number)).toBe(23 * 3_600_000);
  });

  it('starts a fixed pattern with a short period up to the pattern day, prorating its basic fee', () => {
    const periods = run('2026-01-16T11:00:00.000Z', monthly, 'Europe/Rome', 3, 1);
    expect(periods.map((p) => iso(p.endsAt))).toEqual([
      '2026-01-31T23:00:00.000Z', // 1 February, midnight in Rome
      '2026-02-28T23:00:00.000Z',
      '2026-03-31T22:00:00.000Z',
    ]);
    const first = periods[0] as (typeof periods)[number];
    const full = fullLengthMs(first.endsAt, monthly, 'Europe/Rome');
    const fee = basicFeeOf(100, first, full);
    expect(fee).toBeGreaterThan(40);
    expect(fee).toBeLessThan(60);
    expect(basicFeeOf(100, periods[1] as (typeof periods)[number], full)).toBe(100);
  });

  it('fixes the next period 2 days ahead, or half a short period ahead', () => {
    const start = new Date('2026-01-01T00:00:00.000Z');
    expect(iso(fixTimeBefore(start, new Date('2026-02-01T00:00:00.000Z')))).toBe('2026-01-30T00:00:00.000Z');
    expect(iso(fixTimeBefore(start, new Date('2026-01-01T00:10:00.000Z')))).toBe('2026-01-01T00:05:00.000Z');
  });

  it('charges usage beyond the deductible, capped by the upper limit', () => {
    const terms = { usageFee: 2, usageFeeUpperLimit: 15, deductible: 3 };
    expect(usageFeeOf(2 * 3600, terms)).toEqual({ amount: 0, deductedSeconds: 7200, deducted: 4 });
    expect(usageFeeOf(5.5 * 3600, terms)).toEqual({ amount: 5, deductedSeconds: 10_800, deducted: 6 });
    expect(usageFeeOf(100 * 3600, terms).amount).toBe(15);
  });
});
