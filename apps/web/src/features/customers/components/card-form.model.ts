import type { LocalCardInput } from '@fleetdesk/contracts';

/** "4242424242424242" → "4242 4242 4242 4242" as typed (Amex 4-6-5), at most 19 digits. */
export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 19);
  const groups = /^3[47]/.test(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** "1/28", "01 / 28", "0128", "01/2028" → month and four-digit year; null when it is not an expiry at all. */
export function parseExpiry(typed: string): { expMonth: number; expYear: number } | null {
  const match = typed.replace(/\s/g, '').match(/^(\d{1,2})\/?(\d{2}|\d{4})$/);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

/** "12" → "12 / ", as Stripe's own form helps the typing along. */
export function formatExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export interface CardFormValues {
  number?: string;
  expiry?: string;
  cvc?: string;
}

/**
 * The form as the tokenize call's body; the provider checks the number, the expiry and the CVC (Stripe's words come
 * back on the field). An expiry that cannot be read is sent as month 0, which the provider refuses on that field.
 */
export function toLocalCard(values: CardFormValues): LocalCardInput {
  const expiry = parseExpiry(values.expiry ?? '') ?? { expMonth: 0, expYear: 0 };
  return { number: (values.number ?? '').replace(/\s/g, ''), ...expiry, cvc: (values.cvc ?? '').trim() };
}

/** The provider's field names on the form's fields (the expiry is one field for month and year). */
export const cardFieldOf = (field: string): keyof CardFormValues | null =>
  field === 'number'
    ? 'number'
    : field === 'expMonth' || field === 'expYear'
      ? 'expiry'
      : field === 'cvc'
        ? 'cvc'
        : null;
