import type { TimeUnit } from '@fleetdesk/contracts';

/**
 * Calendar arithmetic on a partner's clock (IANA zone) without a date library: reminders' cycles and subscription
 * periods. Hours and shorter are elapsed time; days and longer are calendar time.
 */

const SECOND = 1000;
const fixedMs: Partial<Record<TimeUnit, number>> = { hours: 3600 * SECOND, minutes: 60 * SECOND, seconds: SECOND };

export interface Wall {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  ms: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
export function wallOf(instant: Date, timezone: string): Wall {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timezone, f);
  }
  const p: Record<string, number> = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, Number(x.value)]));
  const n = (k: string) => p[k] ?? 0;
  return {
    y: n('year'),
    mo: n('month') - 1,
    d: n('day'),
    h: n('hour'),
    mi: n('minute'),
    s: n('second'),
    ms: instant.getUTCMilliseconds(),
  };
}

const wallMs = (w: Wall) => Date.UTC(w.y, w.mo, w.d, w.h, w.mi, w.s, w.ms);

/** The instant showing this wall-clock time in the zone (the later one when a DST change repeats it). */
export function instantOf(w: Wall, timezone: string): Date {
  let guess = wallMs(w);
  for (let i = 0; i < 3; i++) {
    const offset = wallMs(wallOf(new Date(guess), timezone)) - guess;
    const next = wallMs(w) - offset;
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}

/**
 * `quantity` units after (or, negative, before) `from`. Hours and shorter are elapsed time; days and longer are
 * calendar time on the partner's clock (a day across a DST change is 23 or 25 hours, the 31st plus a month is the
 * month's last day).
 */
export function addTime(from: Date, unit: TimeUnit, quantity: number, timezone: string): Date {
  const fixed = fixedMs[unit];
  if (fixed) return new Date(from.getTime() + quantity * fixed);
  const w = wallOf(from, timezone);
  if (unit === 'days' || unit === 'weeks') {
    const days = quantity * (unit === 'weeks' ? 7 : 1);
    const whole = Math.trunc(days);
    const shifted = new Date(Date.UTC(w.y, w.mo, w.d + whole));
    const back = instantOf(
      { ...w, y: shifted.getUTCFullYear(), mo: shifted.getUTCMonth(), d: shifted.getUTCDate() },
      timezone,
    );
    return new Date(back.getTime() + (days - whole) * 86_400_000);
  }
  const months = Math.trunc(quantity * (unit === 'years' ? 12 : 1));
  const target = w.mo + months;
  const y = w.y + Math.floor(target / 12);
  const mo = ((target % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(y, mo + 1, 0)).getUTCDate();
  return instantOf({ ...w, y, mo, d: Math.min(w.d, lastDay) }, timezone);
}
