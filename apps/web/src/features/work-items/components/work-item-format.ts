import { i18n } from '../../../shared/i18n/i18n.ts';

/** An amount with two decimals in the interface language; the currency is the partner's and is not shown here. */
export function formatAmount(value: number): string {
  return new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** An option's price as shown: the amount, or "Not charged" when blank (document 2 §5: recorded only). */
export function formatPrice(price: number | null, notCharged: string): string {
  return price === null ? notCharged : formatAmount(price);
}
