import { describe, expect, it } from 'vitest';
import { adjustableTrades, adjustmentMax, adjustmentOf, exemptRefundBodyOf } from './exempt-refund.model.ts';

const tradeId = '55555555-5555-4555-8555-555555555555';
const trade = (state: string, amount = 10, exempted = 0, refunded = 0) =>
  ({ id: tradeId, state, amount, exempted, refunded }) as never;
const tooMuch = (max: number) => `At most ${max}`;

describe('exempt / refund', () => {
  it('exempts what is still to pay and refunds what was paid', () => {
    expect(adjustmentOf(trade('Failed'))).toBe('exempt');
    expect(adjustmentOf(trade('Pending'))).toBe('exempt');
    expect(adjustmentOf(trade('Succeeded'))).toBe('refund');
    expect(adjustmentOf(trade('Processing'))).toBeNull();
    expect(adjustmentOf(trade('Canceled'))).toBeNull();
  });

  it('allows what is left after earlier exemptions and refunds, in cents', () => {
    expect(adjustmentMax(trade('Failed', 10, 2.5))).toBe(7.5);
    expect(adjustmentMax(trade('Succeeded', 10, 2.5, 7.4))).toBe(0.1);
    expect(adjustableTrades([trade('Succeeded', 10, 0, 10), trade('Claimable'), trade('Processing')])).toHaveLength(1);
  });

  it('sends the amount as an exemption or a refund by the trade', () => {
    expect(exemptRefundBodyOf({ tradeId, amount: 4, reason: ' goodwill ' }, trade('Failed'), tooMuch)).toEqual({
      ok: true,
      body: { tradeId, exemptAmount: 4, reason: 'goodwill' },
    });
    expect(exemptRefundBodyOf({ tradeId, amount: 4, reason: 'late' }, trade('Succeeded'), tooMuch)).toEqual({
      ok: true,
      body: { tradeId, refundAmount: 4, reason: 'late' },
    });
  });

  it('puts every refusal on the dialog fields', () => {
    const check = exemptRefundBodyOf({ tradeId, amount: 12, reason: '' }, trade('Failed'), tooMuch);
    expect(check.ok ? [] : check.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'reason: Must not be only whitespace',
      'amount: At most 10',
    ]);
    const none = exemptRefundBodyOf({ tradeId, amount: 0, reason: 'x' }, trade('Failed'), tooMuch);
    expect(none.ok ? [] : none.issues.map((i) => i.path[0])).toEqual(['amount']);
  });
});
