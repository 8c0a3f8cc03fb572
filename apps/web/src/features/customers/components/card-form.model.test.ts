import { describe, expect, it } from 'vitest';
import { cardFieldOf, formatCardNumber, formatExpiry, parseExpiry, toLocalCard } from './card-form.model.ts';

describe('the card form', () => {
  it('groups a card number as it is printed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42a')).toBe('4242 4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });

  it('reads an expiry typed as MM/YY, MMYY or MM/YYYY', () => {
    expect(parseExpiry('12 / 28')).toEqual({ expMonth: 12, expYear: 2028 });
    expect(parseExpiry('0130')).toEqual({ expMonth: 1, expYear: 2030 });
    expect(parseExpiry('3/2031')).toEqual({ expMonth: 3, expYear: 2031 });
    expect(parseExpiry('next year')).toBeNull();
    expect(formatExpiry('1228')).toBe('12 / 28');
  });

  it('sends the digits only, and an unreadable expiry as month 0 for the provider to refuse', () => {
    expect(toLocalCard({ number: '4242 4242 4242 4242', expiry: '12/28', cvc: ' 123 ' })).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2028,
      cvc: '123',
    });
    expect(toLocalCard({ number: '4242', expiry: 'soon' })).toMatchObject({ expMonth: 0, expYear: 0, cvc: '' });
  });

  it("puts the provider's expiry refusals on the one expiry field", () => {
    expect(cardFieldOf('expYear')).toBe('expiry');
    expect(cardFieldOf('expMonth')).toBe('expiry');
    expect(cardFieldOf('number')).toBe('number');
    expect(cardFieldOf('other')).toBeNull();
  });
});
