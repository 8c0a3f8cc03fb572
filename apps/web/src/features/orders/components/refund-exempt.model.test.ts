import { describe, expect, it } from 'vitest';
import { checkRefundOrExempt, refundOrExemptMax } from './refund-exempt.model.ts';

const fees = { paid: 66.5, refunded: 16.3, owe: 46.5 };
const tooMuch = (max: number) => `At most ${max}`;

describe('refund or exempt', () => {
  it('refunds at most what was paid and not yet refunded, and exempts at most what is owed', () => {
    expect(refundOrExemptMax('refund', fees)).toBe(50.2);
    expect(refundOrExemptMax('exempt', fees)).toBe(46.5);
    expect(refundOrExemptMax('refund', { paid: 10, refunded: 10, owe: 0 })).toBe(0);
  });

  it('answers the body to send when the amount fits', () => {
    expect(checkRefundOrExempt({ type: 'refund', amount: 50.2, reason: ' Faulty brakes ' }, fees, tooMuch)).toEqual({
      body: { type: 'refund', amount: 50.2, reason: 'Faulty brakes' },
      errors: [],
    });
  });

  it('refuses more than the maximum on the amount field', () => {
    expect(checkRefundOrExempt({ type: 'exempt', amount: 46.51, reason: 'Goodwill' }, fees, tooMuch).errors).toEqual([
      { name: ['amount'], errors: ['At most 46.5'] },
    ]);
  });

  it('refuses a missing or zero amount and a blank reason with the contract messages', () => {
    const { errors } = checkRefundOrExempt({ type: 'refund', amount: 0, reason: '  ' }, fees, tooMuch);
    expect(errors.map((e) => e.name[0])).toEqual(['amount', 'reason']);
    expect(checkRefundOrExempt({ type: 'refund', amount: null, reason: 'x' }, fees, tooMuch).errors[0]?.name).toEqual([
      'amount',
    ]);
  });
});
