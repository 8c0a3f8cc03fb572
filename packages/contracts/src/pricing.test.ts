import { describe, expect, it } from 'vitest';
import { discountedPrice, periodRent } from './pricing.ts';

describe('discountedPrice', () => {
  it.each([
    [9.5, 15, 8.08],
    [12.5, 12.5, 10.94],
    [10, 20, 8],
    [0.01, 50, 0.01],
    [19.99, 99.99, 0],
    [1000000, 33.33, 666700],
  ])('%d less %d %% is %d', (price, percent, expected) => {
    expect(discountedPrice(price, percent)).toBe(expected);
  });
});

describe('periodRent', () => {
  it.each([
    [2.5, 'day', 1, 'weeks', 17.5],
    [10, 'day', 1, 'days', 10],
    [30, 'month', 1, 'months', 30],
    [30, 'month', 2, 'weeks', 14],
    [1.33, 'hour', 90, 'minutes', 2],
    [0.05, 'minute', 1, 'days', 72],
    [0, 'day', 3, 'days', 0],
  ] as const)('%s per %s for %s %s is %s', (price, priceUnit, frequency, unit, expected) => {
    expect(periodRent(price, priceUnit, frequency, unit)).toBe(expected);
  });
});
