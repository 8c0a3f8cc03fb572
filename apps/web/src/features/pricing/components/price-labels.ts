import type { PaymentPlan, PriceUnit } from '@fleetdesk/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from './price.format.ts';

/** Prices, plans and percents written in the interface language. */
export function usePriceLabels() {
  const { t, i18n } = useTranslation('pricing');
  const locale = i18n.language;
  return {
    /** "€2.50 / hour" */
    unitPrice: (amount: number, currency: string, unit: PriceUnit) =>
      `${formatMoney(amount, currency, locale)} / ${t(`priceUnit.${unit}`)}`,
    money: (amount: number, currency: string) => formatMoney(amount, currency, locale),
    /** "every 3 hours" */
    plan: (plan: Pick<PaymentPlan, 'frequency' | 'unit'>) => t(`planEvery.${plan.unit}`, { count: plan.frequency }),
    percent: (percent: number) => formatPercent(percent, locale),
  };
}
