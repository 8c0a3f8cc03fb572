import { timezoneOffset } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { logoProblem } from './account-logo.tsx';
import { currencyOptions, formatOffset, offsetLabel, parseOffset, timezoneOptions } from './account-options.ts';

describe('timezone list', () => {
  const values = timezoneOptions().map((o) => o.value);

  it('runs from −12:00 to +12:00, west to east', () => {
    expect(values[0]).toBe('-12:00');
    expect(values.at(-1)).toBe('+12:00');
    const minutes = values.map((v) => parseOffset(v) ?? Number.NaN);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
  });

  it('holds every whole hour and the real half- and quarter-hour zones, nothing past 12:00', () => {
    for (let h = -12; h <= 12; h++) expect(values).toContain(formatOffset(h * 60));
    expect(values).toEqual(
      expect.arrayContaining(['-09:30', '-03:30', '+03:30', '+05:30', '+05:45', '+08:45', '+10:30']),
    );
    expect(values).not.toContain('+13:00');
    expect(values).not.toContain('+12:45');
    expect(values).not.toContain('+01:15');
  });

  it('only offers values the contract accepts', () => {
    for (const value of values) expect(timezoneOffset.safeParse(value).success).toBe(true);
  });

  it('keeps a stored value that is not in the list, in its place', () => {
    const withOdd = timezoneOptions('+01:15').map((o) => o.value);
    expect(withOdd).toContain('+01:15');
    expect(withOdd.indexOf('+01:15')).toBe(withOdd.indexOf('+01:00') + 1);
    expect(timezoneOptions('+05:30').filter((o) => o.value === '+05:30')).toHaveLength(1);
  });

  it('formats and labels offsets', () => {
    expect(formatOffset(-210)).toBe('-03:30');
    expect(formatOffset(0)).toBe('+00:00');
    expect(parseOffset('+05:45')).toBe(345);
    expect(parseOffset('05:45')).toBeNull();
    expect(offsetLabel('-03:30')).toBe('UTC−03:30');
  });
});

describe('currency list', () => {
  it('offers the usual ISO codes with localised names and keeps an unknown stored code', () => {
    const options = currencyOptions('en-US', 'XAF');
    expect(options.map((o) => o.value)).toEqual(
      expect.arrayContaining(['EUR', 'USD', 'GBP', 'CHF', 'KRW', 'CNY', 'JPY', 'XAF']),
    );
    expect(options.find((o) => o.value === 'EUR')?.label).toMatch(/^EUR/);
  });
});

describe('logo check before upload', () => {
  it('accepts JPEG and PNG up to 5 MB only', () => {
    expect(logoProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(logoProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeNull();
    expect(logoProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('size');
    expect(logoProblem({ type: 'image/gif', size: 10 })).toBe('type');
  });
});
