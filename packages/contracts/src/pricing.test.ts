import { describe, expect, it } from 'vitest';
import { discountedPrice } from './pricing.ts';

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
