import type { Notification, NotificationKind } from '@fleetdesk/contracts';

/** An i18n key of the notifications namespace with its interpolation values. */
export interface Wording {
  key: string;
  values: Record<string, string | number>;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** An amount in the currency, in the reader's locale; the bare number when the currency is unknown. */
export function formatAmount(amount: unknown, currency: unknown, locale: string): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return '';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: text(currency) || 'EUR' }).format(value);
  } catch {
    return String(value);
  }
}

/**
 * What the drawer says about a notification, in the reader's language: a title and an optional line below it,
 * from its kind and params. The server's English title is only the e-mail's.
 */
export function wordingOf(
  n: Pick<Notification, 'kind' | 'params'>,
  locale: string,
): { title: Wording; detail?: Wording } {
  const p = n.params;
  const kind: NotificationKind = n.kind;
  switch (kind) {
    case 'ticketAssigned':
      return {
        title: { key: 'kind.ticketAssigned.title', values: { ticketNo: text(p.ticketNo) } },
        detail: { key: 'kind.ticketAssigned.detail', values: { assetNo: text(p.assetNo), by: text(p.by) } },
      };
    case 'checkoutUndone':
      return {
        title: { key: 'kind.checkoutUndone.title', values: { orderNo: text(p.orderNo) } },
        detail: { key: 'kind.checkoutUndone.detail', values: {} },
      };
    case 'depositRefundWaiting':
      return {
        title: { key: 'kind.depositRefundWaiting.title', values: {} },
        detail: {
          key: 'kind.depositRefundWaiting.detail',
          values: { count: count(p.quantity), amount: formatAmount(p.amount, p.currency, locale) },
        },
      };
    case 'b2bTicketReported':
      return {
        title: { key: 'kind.b2bTicketReported.title', values: { assetNo: text(p.assetNo) } },
        detail: {
          key: 'kind.b2bTicketReported.detail',
          values: { partner: text(p.partner), orderNo: text(p.orderNo) },
        },
      };
    case 'reminder':
      return {
        title: { key: 'kind.reminder.title', values: {} },
        detail: {
          key: 'kind.reminder.detail',
          values: { due: count(p.due), overdue: count(p.overdue), upcoming: count(p.upcoming) },
        },
      };
  }
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 minutes ago", "yesterday", "just now" in the reader's language. */
export function relativeTime(iso: string, now: number, locale: string): string {
  const elapsed = now - new Date(iso).getTime();
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(elapsed) >= ms) return format.format(-Math.round(elapsed / ms), unit);
  }
  return format.format(0, 'second');
}
