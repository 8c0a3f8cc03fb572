import { REFERRAL_CODE_PATTERN, referralErrorCodes } from '@fleetdesk/contracts';
import { isApiError } from '../../../shared/http.ts';

export type ReferralErrorCode = (typeof referralErrorCodes)[number];

/** What a typed code is refused for before asking the server: its format, or being the customer's own. */
export function checkReferralCode(code: string, ownCode: string): ReferralErrorCode | null {
  const trimmed = code.trim();
  if (!REFERRAL_CODE_PATTERN.test(trimmed)) return 'ReferralCodeFormattedError';
  if (trimmed.toUpperCase() === ownCode.toUpperCase()) return 'ReferralCodeBelongsThemselves';
  return null;
}

/**
 * A refused look-up or confirmation as one of document 2 §8's referral codes (translated by the dialog), or the
 * server's own message for anything else. A look-up that finds nobody (404) is an invalid code.
 */
export function referralProblemOf(error: unknown): { code: ReferralErrorCode } | { message: string } {
  if (!isApiError(error)) return { message: String(error) };
  if ((referralErrorCodes as readonly string[]).includes(error.code)) return { code: error.code as ReferralErrorCode };
  if (error.status === 404) return { code: 'ReferralCodeInvalid' };
  return { message: error.message };
}
