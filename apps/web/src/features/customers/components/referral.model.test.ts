import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/http.ts';
import { checkReferralCode, referralProblemOf } from './referral.model.ts';

describe('checkReferralCode', () => {
  it('accepts six letters or digits of someone else', () => {
    expect(checkReferralCode(' QW12ER ', 'AB12CD')).toBeNull();
  });

  it('refuses another format', () => {
    expect(checkReferralCode('AB12', 'AB12CD')).toBe('ReferralCodeFormattedError');
    expect(checkReferralCode('AB-12C', 'AB12CD')).toBe('ReferralCodeFormattedError');
  });

  it("refuses the customer's own code, whatever its case", () => {
    expect(checkReferralCode('ab12cd', 'AB12CD')).toBe('ReferralCodeBelongsThemselves');
  });
});

describe('referralProblemOf', () => {
  it("keeps the server's referral codes", () => {
    const error = new ApiError(422, 'ReferralCodeAlreadyConfirmed', 'already', null, '/x');
    expect(referralProblemOf(error)).toEqual({ code: 'ReferralCodeAlreadyConfirmed' });
  });

  it('reads a look-up that finds nobody as an invalid code', () => {
    expect(referralProblemOf(new ApiError(404, 'NotFound', 'gone', null, '/x'))).toEqual({
      code: 'ReferralCodeInvalid',
    });
  });

  it("shows anything else with the server's message", () => {
    expect(referralProblemOf(new ApiError(403, 'Forbidden', 'Not allowed', null, '/x'))).toEqual({
      message: 'Not allowed',
    });
  });
});
