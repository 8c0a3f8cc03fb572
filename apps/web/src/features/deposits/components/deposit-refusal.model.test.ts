import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/http.ts';
import { depositRefusalOf, notifyUnlessRefusal, notifyUnlessRefusalOrField } from './deposit-refusal.model.ts';

const error = (status: number, code: string, data: unknown) => new ApiError(status, code, 'message', data, '/x');

describe('deposit refusals', () => {
  it('reads the applications that are no longer waiting', () => {
    expect(depositRefusalOf(error(409, 'ApplicationNotWaiting', { ids: ['a', 'b', 3] }))).toEqual({
      code: 'ApplicationNotWaiting',
      ids: ['a', 'b'],
    });
    expect(depositRefusalOf(error(409, 'ApplicationNotWaiting', null))).toEqual({
      code: 'ApplicationNotWaiting',
      ids: [],
    });
  });

  it('reads how many deposits can still be refunded', () => {
    expect(depositRefusalOf(error(422, 'NotRefundable', { refundableQuantity: 1 }))).toEqual({
      code: 'NotRefundable',
      refundableQuantity: 1,
    });
    expect(depositRefusalOf(error(422, 'NotRefundable', {}))).toEqual({
      code: 'NotRefundable',
      refundableQuantity: null,
    });
  });

  it('keeps the words of a record that is gone', () => {
    expect(depositRefusalOf(new ApiError(404, 'NotFound', 'Application not found', null, '/x'))).toEqual({
      code: 'NotFound',
      message: 'Application not found',
    });
  });

  it('leaves every other failure to the notification', () => {
    const forbidden = error(403, 'Forbidden', null);
    expect(depositRefusalOf(forbidden)).toBeNull();
    expect(depositRefusalOf(new Error('boom'))).toBeNull();
    expect(notifyUnlessRefusal(forbidden)).toBe(true);
    expect(notifyUnlessRefusal(error(422, 'NotRefundable', { refundableQuantity: 0 }))).toBe(false);
  });

  it('leaves field errors to the refund form', () => {
    const invalid = error(400, 'ValidationError', { fields: { quantity: 'Refund at least one deposit' } });
    expect(notifyUnlessRefusal(invalid)).toBe(true);
    expect(notifyUnlessRefusalOrField(invalid)).toBe(false);
    expect(notifyUnlessRefusalOrField(error(500, 'Internal', null))).toBe(true);
  });
});
