import { describe, expect, it } from 'vitest';
import { refundAmountOf } from './deposit-refund.model.ts';

describe('refund amount', () => {
  it('gives back the average paid per deposit', () => {
    expect(refundAmountOf({ paidAmount: 300, paidQuantity: 2 }, 1)).toBe(150);
    expect(refundAmountOf({ paidAmount: 300, paidQuantity: 2 }, 2)).toBe(300);
  });

  it('rounds to the cent as the server does', () => {
    expect(refundAmountOf({ paidAmount: 100, paidQuantity: 3 }, 1)).toBe(33.33);
    expect(refundAmountOf({ paidAmount: 100, paidQuantity: 3 }, 2)).toBe(66.67);
  });

  it('is nothing without paid deposits', () => {
    expect(refundAmountOf({ paidAmount: 0, paidQuantity: 0 }, 1)).toBe(0);
  });
});
