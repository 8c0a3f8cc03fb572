import { describe, expect, it } from 'vitest';
import { formatMoney, formatPercent } from './price.format.ts';

describe('formatMoney', () => {
  it('shows the currency the way the interface language writes it', () => {
    expect(formatMoney(2.5, 'EUR', 'en-US')).toBe('€2.50');
    expect(formatMoney(2.5, 'EUR', 'it-IT')).toMatch(/^2,50\s€$/);
    expect(formatMoney(3000, 'KRW', 'ko-KR')).toBe('₩3,000');
  });

  it('keeps the amount and the code for a currency Intl does not know', () => {
    expect(formatMoney(4, 'EURO', 'en-US')).toBe('4 EURO');
  });
});

describe('formatPercent', () => {
  it('writes a discount percent with up to two decimals', () => {
    expect(formatPercent(15, 'en-US')).toBe('15%');
    expect(formatPercent(12.5, 'it-IT')).toMatch(/^12,5\s?%$/);
  });
});
