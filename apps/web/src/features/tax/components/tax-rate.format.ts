import { currentLocale } from '../../../shared/i18n/i18n.ts';

/** A percentage as the locale writes it ("22 %", "22,5 %"), with up to the three decimals a rate may have. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined) return '';
  return new Intl.NumberFormat(currentLocale(), { style: 'percent', maximumFractionDigits: 3 }).format(rate / 100);
}
