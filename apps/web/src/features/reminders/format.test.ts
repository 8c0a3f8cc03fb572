import { describe, expect, it } from 'vitest';
import { formatDuration, formatTimerValue, formatTiming, progressPercent } from './format.ts';

describe('reminder formatting', () => {
  it('shows a duration as its two largest parts', () => {
    expect(formatDuration(3 * 86_400 + 4 * 3_600 + 59, 'en-US')).toBe('3d 4h');
    expect(formatDuration(5 * 3_600 + 20 * 60, 'en-US')).toBe('5h 20m');
    expect(formatDuration(86_400 + 30, 'en-US')).toBe('1d');
    expect(formatDuration(45, 'en-US')).toBe('45s');
    expect(formatDuration(0, 'en-US')).toBe('0s');
    expect(formatDuration(-2 * 3_600, 'en-US')).toBe('-2h');
  });

  it('writes units in the interface language', () => {
    expect(formatDuration(3 * 86_400 + 4 * 3_600, 'ko-KR')).toBe('3일 4시간');
    expect(formatTimerValue(1234.56, 'km', 'it-IT')).toBe('1234,6 km');
    expect(formatTimerValue(12.5, 'hours', 'en-US')).toBe('12.5 hr');
    expect(formatTimerValue(null, 'km', 'en-US')).toBe('');
  });

  it('shows a timer cycle by kind', () => {
    const base = { timingUnit: null, timingQuantity: null, cron: null };
    expect(formatTiming({ ...base, kind: 'time', timingUnit: 'months', timingQuantity: 3 }, 'en-US')).toBe('3 months');
    expect(formatTiming({ ...base, kind: 'distance', timingQuantity: 500 }, 'en-US')).toBe('500 km');
    expect(formatTiming({ ...base, kind: 'schedule', cron: '0 8 * * 1' }, 'en-US')).toBe('0 8 * * 1');
  });

  it('clamps the progress bar', () => {
    expect(progressPercent(0.456)).toBe(46);
    expect(progressPercent(1.4)).toBe(100);
    expect(progressPercent(-1)).toBe(0);
  });
});
