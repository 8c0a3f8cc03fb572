import { describe, expect, it } from 'vitest';
import { addTime } from '../../lib/calendar.ts';
import { cycleThresholds, nextRuns } from './cycle.ts';

const noRemind = { remindBeforeReset: false, remindBefore: null };

describe('cycle thresholds', () => {
  it('adds calendar months on the partner clock, clamping to the month’s last day', () => {
    const start = new Date('2026-01-31T08:00:00Z');
    expect(addTime(start, 'months', 1, 'Europe/Rome').toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addTime(start, 'years', 1, 'UTC').toISOString()).toBe('2027-01-31T08:00:00.000Z');
  });

  it('keeps the wall-clock hour for days across a DST change, and counts hours as elapsed time', () => {
    // Europe/Rome moves to summer time on 2026-03-29: 09:00 local stays 09:00 local (07:00Z after, 08:00Z before).
    const start = new Date('2026-03-28T08:00:00Z');
    expect(addTime(start, 'days', 1, 'Europe/Rome').toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(addTime(start, 'hours', 24, 'Europe/Rome').toISOString()).toBe('2026-03-29T08:00:00.000Z');
  });

  it('a time timer is due after its quantity, upcoming remind-before units earlier, overdue 10 % later', () => {
    const t = cycleThresholds(
      { kind: 'time', timingUnit: 'days', timingQuantity: 10, cron: null },
      { remindBeforeReset: true, remindBefore: 2 },
      new Date('2026-05-01T00:00:00Z'),
      0,
      'UTC',
    );
    expect(t.dueAt?.toISOString()).toBe('2026-05-11T00:00:00.000Z');
    expect(t.upcomingAt?.toISOString()).toBe('2026-05-09T00:00:00.000Z');
    expect(t.overdueAt?.toISOString()).toBe('2026-05-12T00:00:00.000Z');
  });

  it('a distance timer is due at the odometer reading plus its km', () => {
    const t = cycleThresholds(
      { kind: 'distance', timingUnit: null, timingQuantity: 500, cron: null },
      { remindBeforeReset: true, remindBefore: 50 },
      new Date(),
      12_000,
      'UTC',
    );
    expect(t).toMatchObject({ dueAtUsage: 512_000, upcomingAtUsage: 462_000, overdueAtUsage: 562_000, dueAt: null });
  });

  it('a schedule is due at its next occurrence in the partner time zone, across DST', () => {
    // Every Monday 09:00 in Rome: 08:00Z in winter, 07:00Z from 2026-03-29 on.
    const t = cycleThresholds(
      { kind: 'schedule', timingUnit: null, timingQuantity: null, cron: '0 9 * * 1' },
      noRemind,
      new Date('2026-03-25T12:00:00Z'),
      0,
      'Europe/Rome',
    );
    expect(t.dueAt?.toISOString()).toBe('2026-03-30T07:00:00.000Z');
    expect(
      nextRuns('0 9 * * 1', 'Europe/Rome', 2, new Date('2026-03-20T00:00:00Z')).map((d) => d.toISOString()),
    ).toEqual(['2026-03-23T08:00:00.000Z', '2026-03-30T07:00:00.000Z']);
  });

  it('refuses a schedule croner cannot read', () => {
    expect(() => nextRuns('61 * * * *', 'UTC', 1)).toThrow(/five-field cron/);
  });
});
