import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { bucketStarts } from './charts.ts';

describe('dashboard chart axes', () => {
  it('lists every hour of today up to now, and every day of a range', () => {
    const from = dayjs('2026-03-10T00:00:00');
    const to = from.add(1, 'day');
    const hours = bucketStarts(from.toISOString(), to.toISOString(), 'hour', dayjs('2026-03-10T15:30:00'));
    expect(hours).toHaveLength(16);
    expect(dayjs(hours.at(-1)).format('HH:mm')).toBe('15:00');
    const days = bucketStarts(from.subtract(6, 'day').toISOString(), to.toISOString(), 'day', to.add(1, 'hour'));
    expect(days.map((d) => dayjs(d).format('MM-DD'))).toEqual([
      '03-04',
      '03-05',
      '03-06',
      '03-07',
      '03-08',
      '03-09',
      '03-10',
    ]);
  });
});
