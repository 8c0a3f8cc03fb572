/**
 * Money in the interface language with its currency (€2.50, 2,50 €, ₩3,000). An unknown currency code still
 * shows the amount and the code rather than failing the whole table.
 */
export function formatMoney(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

/** A discount in percent as the locale writes it (15 %, 15%). */
export function formatPercent(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}
