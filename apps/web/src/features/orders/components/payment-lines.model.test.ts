import type { OrderPayment } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { paymentLines } from './payment-lines.model.ts';

const payment = (over: Partial<OrderPayment> & Pick<OrderPayment, 'id' | 'purpose' | 'amount'>): OrderPayment => ({
  currency: 'EUR',
  status: 'Succeeded',
  failureMessage: null,
  reason: null,
  createdAt: '2026-11-27T08:00:00.000Z',
  refundOf: null,
  refundedAmount: 0,
  refundState: null,
  ...over,
});

const deposit = payment({ id: 'd', purpose: 'deposit', amount: 150 });
const rent = payment({
  id: 'r',
  purpose: 'rent',
  amount: 66.5,
  refundedAmount: 16.5,
  refundState: 'PartiallyRefunded',
});
const rent2 = payment({ id: 'r2', purpose: 'rent', amount: 66.5 });
const partial = payment({ id: 'x', purpose: 'refund', amount: 16.5, refundOf: 'r', reason: 'Brakes' });

describe('payment lines', () => {
  it('puts a refund right under the charge it gives back, as a negative amount', () => {
    const lines = paymentLines([deposit, rent, rent2, partial]);
    expect(lines.map((l) => [l.id, l.signedAmount, l.isRefund])).toEqual([
      ['d', 150, false],
      ['r', 66.5, false],
      ['x', -16.5, true],
      ['r2', 66.5, false],
    ]);
  });

  it('shows a charge partly or wholly given back as Partially refunded or Refunded, others by their status', () => {
    const full = { ...rent, refundedAmount: 66.5, refundState: 'Refunded' as const };
    const failed = payment({ id: 'f', purpose: 'rent', amount: 10, status: 'Failed' });
    const pendingRefund = { ...partial, status: 'Pending' as const };
    expect(paymentLines([full, failed, pendingRefund]).map((l) => l.display)).toEqual([
      'Refunded',
      'Pending',
      'Failed',
    ]);
    expect(paymentLines([deposit, rent]).map((l) => l.display)).toEqual(['Succeeded', 'PartiallyRefunded']);
  });

  it('keeps a refund whose charge is not on the order where it is', () => {
    const orphan = { ...partial, refundOf: 'elsewhere' };
    expect(paymentLines([orphan, deposit]).map((l) => l.id)).toEqual(['x', 'd']);
  });
});
