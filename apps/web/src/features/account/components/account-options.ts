/**
 * Choices of the account's basic settings. The timezone is stored as a UTC offset ("+05:30", document 2 §3
 * "Account": default +00:00; §5: not over 12:00), so the list holds the offsets real zones use, not every
 * quarter hour: whole hours from −12:00 to +12:00 plus the half- and three-quarter-hour zones that exist.
 */
const offsetMinutes = [
  -720, -660, -600, -570, -540, -480, -420, -360, -300, -240, -210, -180, -120, -60, 0, 60, 120, 180, 210, 240, 270,
  300, 330, 345, 360, 390, 420, 480, 525, 540, 570, 600, 630, 660, 720,
];

/** Minutes east of UTC → "+05:30" / "-03:30" (ASCII sign, the contract's format). */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  const rest = String(absolute % 60).padStart(2, '0');
  return `${sign}${hours}:${rest}`;
}

/** "+05:30" → 330; null for anything that is not an offset. */
export function parseOffset(value: string): number | null {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The label shown: "UTC+05:30", with a real minus sign for negative offsets. */
export const offsetLabel = (value: string) => `UTC${value.replace('-', '−')}`;

export interface TimezoneOption {
  value: string;
  label: string;
}

/**
 * The offsets to choose from, west to east. A stored value outside the list (set through the API) is kept as
 * an option so opening the form never changes it silently.
 */
export function timezoneOptions(current?: string | null): TimezoneOption[] {
  const values = offsetMinutes.map(formatOffset);
  const currentMinutes = current ? parseOffset(current) : null;
  if (current && currentMinutes !== null && !values.includes(current)) {
    values.push(current);
    values.sort((a, b) => (parseOffset(a) ?? 0) - (parseOffset(b) ?? 0));
  }
  return values.map((value) => ({ value, label: offsetLabel(value) }));
}

/** ISO 4217 codes an operator is likely to bill in; names come from the browser in the interface language. */
export const currencyCodes = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'KRW',
  'CNY',
  'JPY',
  'HKD',
  'SGD',
  'AUD',
  'CAD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'TRY',
  'AED',
  'INR',
  'BRL',
  'MXN',
] as const;

/** "EUR · Euro" in the given locale; the code alone where the browser has no names. */
export function currencyOptions(locale: string, current?: string | null): { value: string; label: string }[] {
  const codes: string[] = [...currencyCodes];
  if (current && !codes.includes(current)) codes.push(current);
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'currency' });
  } catch {
    names = null;
  }
  return codes.map((code) => {
    const name = names?.of(code);
    return { value: code, label: name && name !== code ? `${code} · ${name}` : code };
  });
}

/** Logo uploads: what the server accepts (contracts LOGO_MAX_BYTES), checked before sending. */
export const LOGO_TYPES = ['image/jpeg', 'image/png'] as const;
