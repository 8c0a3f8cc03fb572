import { DASHBOARD_RANGE_MAX_MESSAGE } from '@fleetdesk/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { customRangeProblem, rangeOf } from './period.ts';

const now = dayjs('2026-03-10T15:30:00');

describe('dashboard periods', () => {
  it('starts each preset at the midnight of its first day and ends tonight', () => {
    const start = (p: 'today' | '3days' | 'week' | 'month') =>
      dayjs(rangeOf(p, {}, now)?.from).format('YYYY-MM-DD HH:mm');
    expect(start('today')).toBe('2026-03-10 00:00');
    expect(start('3days')).toBe('2026-03-08 00:00');
    expect(start('week')).toBe('2026-03-04 00:00');
    expect(start('month')).toBe('2026-02-09 00:00');
    expect(dayjs(rangeOf('week', {}, now)?.to).format('YYYY-MM-DD HH:mm')).toBe('2026-03-11 00:00');
  });

  it('covers whole days of a custom range', () => {
    const r = rangeOf('custom', { start: '2026-02-01', end: '2026-02-03' }, now);
    expect(dayjs(r?.from).format('YYYY-MM-DD HH:mm')).toBe('2026-02-01 00:00');
    expect(dayjs(r?.to).format('YYYY-MM-DD HH:mm')).toBe('2026-02-04 00:00');
  });

  it('refuses a custom range over 31 days, reversed or incomplete', () => {
    expect(customRangeProblem(dayjs('2026-01-01'), dayjs('2026-01-31'))).toBeNull();
    expect(customRangeProblem(dayjs('2026-01-01'), dayjs('2026-02-01'))).toBe(DASHBOARD_RANGE_MAX_MESSAGE);
    expect(customRangeProblem(dayjs('2026-01-02'), dayjs('2026-01-01'))).toBe('Start must be before end');
    expect(rangeOf('custom', { start: '2026-01-01', end: '2026-02-01' }, now)).toBeNull();
    expect(rangeOf('custom', { start: '2026-01-01' }, now)).toBeNull();
  });
});
